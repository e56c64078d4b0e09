// Supabase Edge Function `withdraw-from-order` (Deno): the buyer's « Confirmer la rétractation »
// (body { number, secret, lines }); the SQL function withdraw_from_order records it as the caller,
// then this function mails the acknowledgement to the order's address. Deploy: supabase functions
// deploy withdraw-from-order; secrets: the same as the newsletter functions' (docs/supabase.md).
import { readConfig } from '../_shared/config.ts';
import { logMailer, resendMailer } from '../_shared/mailers.ts';
import { createHandler } from './handler.ts';
import { supabaseBackend } from './supabase-backend.ts';

const log = (line: string) => console.log(line);
const mailLog = (line: string) => log(`[withdraw-from-order] ${line}`);
const result = readConfig((name) => Deno.env.get(name));

const handler = result.ok
  ? createHandler({
      backend: supabaseBackend(result.config.supabaseUrl, result.config.anonKey),
      mailer: result.config.mail.provider === 'resend' ? resendMailer(result.config.mail, mailLog) : logMailer(mailLog),
      log,
    })
  : createHandler({ problems: result.problems, log });

Deno.serve(handler);
