// Supabase Edge Function `send-order-mails` (Deno): sends the order mails the database queued in
// order_mails (an order placed, shipped, cancelled; a withdrawal received, refunded), each worded
// from the order as it is now, through Resend with an Idempotency-Key. Called with the service
// role key by the database's webhook on order_mails and by a schedule for the retries
// (docs/supabase.md, « Order mails »).
import { readConfig } from '../_shared/config.ts';
import { logMailer, resendMailer } from '../_shared/mailers.ts';
import { createHandler } from './handler.ts';
import { supabaseMailQueue } from './supabase-queue.ts';

const log = (line: string) => console.log(line);
const mailLog = (line: string) => log(`[send-order-mails] ${line}`);
const result = readConfig((name) => Deno.env.get(name));

const handler = result.ok
  ? createHandler({
      queue: supabaseMailQueue(result.config.supabaseUrl, result.config.serviceRoleKey),
      mailer: result.config.mail.provider === 'resend' ? resendMailer(result.config.mail, mailLog) : logMailer(mailLog),
      siteUrl: result.config.siteUrl,
      serviceRoleKey: result.config.serviceRoleKey,
      log,
    })
  : createHandler({ problems: result.problems, log });

Deno.serve(handler);
