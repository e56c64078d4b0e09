// Supabase Edge Function `send-newsletter` (Deno): an admin sends one newsletter to every
// active subscriber, each mail with its own unsubscribe link. Deploy: supabase functions deploy
// send-newsletter; secrets: see the README, « Passer sur Supabase ».
import { readConfig } from '../_shared/config.ts';
import { createHandler } from './handler.ts';
import { logMailer, resendMailer } from '../_shared/mailers.ts';
import { supabaseBackend } from './supabase-backend.ts';

const log = (line: string) => console.log(line);
const mailLog = (line: string) => log(`[send-newsletter] ${line}`);
const result = readConfig((name) => Deno.env.get(name));

const handler = result.ok
  ? createHandler({
      backend: supabaseBackend(result.config.supabaseUrl, result.config.serviceRoleKey),
      mailer: result.config.mail.provider === 'resend' ? resendMailer(result.config.mail, mailLog) : logMailer(mailLog),
      siteUrl: result.config.siteUrl,
      log,
    })
  : createHandler({ problems: result.problems, log });

Deno.serve(handler);
