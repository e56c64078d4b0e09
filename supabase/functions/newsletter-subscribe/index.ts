// Supabase Edge Function `newsletter-subscribe` (Deno): a visitor subscribes (body { email }, the
// anon key as JWT); the SQL function newsletter_subscribe decides and words the answer, then this
// function sends the confirmation mail that answer promises, with the subscriber's own
// unsubscribe link. Deploy: supabase functions deploy newsletter-subscribe; secrets: see the
// README, « Passer sur Supabase » (the same as send-newsletter's).
import { readConfig } from '../_shared/config.ts';
import { logMailer, resendMailer } from '../_shared/mailers.ts';
import { createHandler } from './handler.ts';
import { supabaseBackend } from './supabase-backend.ts';

const log = (line: string) => console.log(line);
const mailLog = (line: string) => log(`[newsletter-subscribe] ${line}`);
const result = readConfig((name) => Deno.env.get(name));

const handler = result.ok
  ? createHandler({
      backend: supabaseBackend(result.config.supabaseUrl, result.config.anonKey, result.config.serviceRoleKey),
      mailer: result.config.mail.provider === 'resend' ? resendMailer(result.config.mail, mailLog) : logMailer(mailLog),
      siteUrl: result.config.siteUrl,
      log,
    })
  : createHandler({ problems: result.problems, log });

Deno.serve(handler);
