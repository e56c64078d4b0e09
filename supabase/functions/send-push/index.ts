// Supabase Edge Function `send-push` (Deno): sends the notifications the database queued in
// push_outbox (an order's status changed, a followed product is back in stock) with Web Push,
// VAPID and aes128gcm (web-push.ts, WebCrypto only). Called with the service role key by the
// database's webhook on push_outbox and by a schedule for the retries (docs/supabase.md).
import { createHandler } from './handler.ts';
import { readPushConfig } from './config.ts';
import { supabaseOutbox } from './supabase-outbox.ts';
import { importVapid, sendPush } from './web-push.ts';

const log = (line: string) => console.log(line);
const pushLog = (line: string) => log(`[send-push] ${line}`);

async function services() {
  const result = readPushConfig((name) => Deno.env.get(name));
  if (!result.ok) return { problems: result.problems, log };
  const { config } = result;
  try {
    const vapid = await importVapid(config.vapidPublicKey, config.vapidPrivateKey, config.vapidSubject);
    return {
      outbox: supabaseOutbox(config.supabaseUrl, config.serviceRoleKey),
      push: (subscription: Parameters<typeof sendPush>[0], payload: string) => sendPush(subscription, payload, vapid, pushLog),
      siteUrl: config.siteUrl,
      serviceRoleKey: config.serviceRoleKey,
      log,
    };
  } catch (error) {
    return { problems: [`the VAPID keys cannot be used: ${String(error)}`], log };
  }
}

Deno.serve(createHandler(await services()));
