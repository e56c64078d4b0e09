// The send-push edge function, run by Deno exactly as deployed (index.ts, Deno.serve), called as
// the database's webhook calls it (the service role key), in front of the fake Supabase whose
// PostgREST runs push_claim and push_settle in the test database (where the triggers of
// 20261127010000_push_notifications.sql queued the notifications), and a fake push service that
// checks the VAPID token and decrypts each message with the browser's keys, with node:crypto.
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestCluster, type TestCluster } from '../../scripts/db/test-cluster.mjs';
import { vapidKeyPair } from '../../scripts/generate/vapid-keys.mjs';
import { DENO, type RunningFunction, startFunction } from './support/deno-function';
import { type FakeBrowser, type FakePushService, startFakePushService } from './support/fake-push-service';
import { type FakeSupabase, startFakeSupabase } from './support/fake-supabase';
import { ANON_KEY, JWT_SECRET, NOW, SERVICE_ROLE_KEY } from './support/function-stage';

const ROOT = join(import.meta.dirname, '..', '..');
const SITE_URL = 'https://boutique.example/';
const SUBJECT = 'mailto:contact@boutique.example';

// The pair as the project makes it (docs/supabase.md).
const VAPID = vapidKeyPair();

let cluster: TestCluster;
let supabase: FakeSupabase;
let pushService: FakePushService;
let fn: RunningFunction;

const env = (overrides: Record<string, string> = {}) => ({
  SUPABASE_URL: supabase.origin,
  SUPABASE_ANON_KEY: ANON_KEY,
  SUPABASE_SERVICE_ROLE_KEY: SERVICE_ROLE_KEY,
  SITE_URL,
  VAPID_PUBLIC_KEY: VAPID.publicKey,
  VAPID_PRIVATE_KEY: VAPID.privateKey,
  VAPID_SUBJECT: SUBJECT,
  ...overrides,
});

beforeAll(async () => {
  cluster = await startTestCluster({ seed: false });
  supabase = await startFakeSupabase(cluster, JWT_SECRET, () => NOW);
  pushService = await startFakePushService({ vapidPublicKey: VAPID.publicKey, subject: SUBJECT, now: () => Math.floor(Date.now() / 1000) });
  fn = await startFunction('send-push', env());
  supabase.functionsOrigin = fn.origin;
}, 120_000);

afterAll(async () => {
  await fn?.stop();
  await pushService?.stop();
  await supabase?.stop();
  await cluster?.stop();
}, 30_000);

beforeEach(async () => {
  await cluster.reset();
  pushService.delivered.length = 0;
  pushService.refused.length = 0;
  await cluster.query(`insert into public.categories (slug, name, position) values ('ceramique', 'Céramique', 1)`);
  await cluster.query(
    `insert into public.products (slug, name, price, category_id, stock) select 'bol-en-gres', 'Bol en grès', 24, id, 0 from public.categories`,
  );
  await cluster.query(
    `insert into public.orders (number, status, email, recipient_name, address_line, postal_code, city, country, delivery_method,
                                payment_method, subtotal, delivery_fee, total)
     values ('CMD-2026-000123', 'en-attente', 'camille@exemple.fr', 'Camille Martin', '12 rue des Lilas', '75011', 'Paris', 'France',
             'domicile', 'a-la-livraison', 20, 4.90, 24.90)`,
  );
});

/** A shopper's browser that follows the order or the product (written as the owner: the pgTAP tests cover who may). */
async function follows(name: string, subject: 'order' | 'product'): Promise<FakeBrowser> {
  const browser = pushService.subscribe(name);
  const user = randomUUID();
  await cluster.query('insert into auth.users (id, is_anonymous) values ($1, true)', [user]);
  const [subscription] = await cluster.query<{ id: string }>(
    'insert into public.push_subscriptions (owner, endpoint, p256dh, auth) values ($1, $2, $3, $4) returning id',
    [user, browser.endpoint, browser.p256dh, browser.auth],
  );
  await cluster.query(
    subject === 'order'
      ? `insert into public.push_follows (subscription_id, order_id) select $1, id from public.orders where number = 'CMD-2026-000123'`
      : `insert into public.push_follows (subscription_id, product_id) select $1, id from public.products where slug = 'bol-en-gres'`,
    [subscription!.id],
  );
  return browser;
}

/** The database's webhook: POST with the service role key. */
async function sendPending(key = SERVICE_ROLE_KEY) {
  const response = await fetch(`${supabase.origin}/functions/v1/send-push`, {
    method: 'POST',
    headers: { apikey: key, Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
    body: '{}',
  });
  return { status: response.status, answer: (await response.json()) as Record<string, unknown> };
}

const queued = () => cluster.query<{ tag: string; attempts: number }>('select tag, attempts from public.push_outbox order by id');

describe('send-push', () => {
  it('an order shipped and a product back in stock: each browser gets its notification, signed with VAPID, decrypted intact', async () => {
    const camille = await follows('camille', 'order');
    const lea = await follows('lea', 'product');
    await cluster.query(`update public.orders set status = 'expediee' where number = 'CMD-2026-000123'`);
    await cluster.query(`update public.products set stock = 3 where slug = 'bol-en-gres'`);
    const productId = (await cluster.query<{ id: string }>(`select id from public.products where slug = 'bol-en-gres'`))[0]!.id;

    expect(await sendPending()).toEqual({ status: 200, answer: { delivered: 2, gone: 0, failed: 0 } });

    expect(pushService.refused).toEqual([]);
    const received = Object.fromEntries(pushService.delivered.map((d) => [d.endpoint, JSON.parse(d.payload) as unknown]));
    expect(received).toEqual({
      [camille.endpoint]: {
        title: 'Commande expédiée',
        body: 'Votre commande CMD-2026-000123 a été expédiée.',
        url: 'https://boutique.example/commande/confirmation/CMD-2026-000123',
        tag: 'commande-CMD-2026-000123',
      },
      [lea.endpoint]: {
        title: 'De retour en stock',
        body: '«\u202fBol en grès\u202f» est de nouveau en stock.',
        url: 'https://boutique.example/produit/bol-en-gres',
        tag: `produit-${productId}`,
      },
    });
    const now = Math.floor(Date.now() / 1000);
    for (const { claims, ttl } of pushService.delivered) {
      expect(claims.aud).toBe(pushService.origin);
      expect(claims.sub).toBe(SUBJECT);
      expect(claims.exp).toBeGreaterThan(now);
      expect(claims.exp).toBeLessThanOrEqual(now + 24 * 3600);
      expect(ttl).toBe('86400');
    }
    expect(await queued()).toEqual([]);
    // Nothing is sent twice.
    expect(await sendPending()).toEqual({ status: 200, answer: { delivered: 0, gone: 0, failed: 0 } });
    expect(pushService.delivered).toHaveLength(2);
  });

  it('a push service answering 410 deletes that subscription and its follows; the other browser still gets its own', async () => {
    const gone = await follows('ancien-navigateur', 'order');
    const kept = await follows('camille', 'order');
    pushService.answer(gone.endpoint, 410);
    await cluster.query(`update public.orders set status = 'expediee' where number = 'CMD-2026-000123'`);

    expect(await sendPending()).toEqual({ status: 200, answer: { delivered: 1, gone: 1, failed: 0 } });

    expect(pushService.delivered.map((d) => d.endpoint)).toEqual([kept.endpoint]);
    expect((await cluster.query<{ endpoint: string }>('select endpoint from public.push_subscriptions')).map((r) => r.endpoint)).toEqual([kept.endpoint]);
    expect(
      await cluster.query('select 1 from public.push_follows f join public.push_subscriptions s on s.id = f.subscription_id where s.endpoint = $1', [
        gone.endpoint,
      ]),
    ).toEqual([]);
    expect(await queued()).toEqual([]);
  });

  it('a push service failing (500): the notification stays queued, is not sent again before it is due, then is', async () => {
    const camille = await follows('camille', 'order');
    pushService.answer(camille.endpoint, 500);
    await cluster.query(`update public.orders set status = 'annulee' where number = 'CMD-2026-000123'`);

    expect(await sendPending()).toEqual({ status: 200, answer: { delivered: 0, gone: 0, failed: 1 } });
    expect(await queued()).toEqual([{ tag: 'commande-CMD-2026-000123', attempts: 1 }]);
    await fn.waitForOutput(`[send-push] push service ${pushService.origin} answered 500`);

    pushService.answer(camille.endpoint, null);
    expect(await sendPending()).toEqual({ status: 200, answer: { delivered: 0, gone: 0, failed: 0 } });

    await cluster.query(`update public.push_outbox set next_attempt_at = now() - interval '1 second'`);
    expect(await sendPending()).toEqual({ status: 200, answer: { delivered: 1, gone: 0, failed: 0 } });
    expect(await queued()).toEqual([]);
  });

  it('two calls at once (two rows queued, two webhooks) send each notification once', async () => {
    await follows('camille', 'order');
    await follows('lea', 'order');
    await cluster.query(`update public.orders set status = 'expediee' where number = 'CMD-2026-000123'`);

    const answers = await Promise.all([sendPending(), sendPending()]);

    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    expect(answers.reduce((n, a) => n + Number(a.answer.delivered), 0)).toBe(2);
    expect(pushService.delivered.map((d) => d.endpoint).sort()).toEqual([`${pushService.origin}/push/camille`, `${pushService.origin}/push/lea`]);
    expect(await queued()).toEqual([]);
  });

  it('more than a batch of 100: one call sends them all', async () => {
    for (let i = 0; i < 101; i++) await follows(`navigateur-${i}`, 'product');
    await cluster.query(`update public.products set stock = 1 where slug = 'bol-en-gres'`);

    expect(await sendPending()).toEqual({ status: 200, answer: { delivered: 101, gone: 0, failed: 0 } });
    expect(new Set(pushService.delivered.map((d) => d.endpoint)).size).toBe(101);
    expect(pushService.refused).toEqual([]);
  });

  it('refuses a caller without the service role key (401, in French) and sends nothing', async () => {
    await follows('camille', 'order');
    await cluster.query(`update public.orders set status = 'expediee' where number = 'CMD-2026-000123'`);

    expect(await sendPending(ANON_KEY)).toEqual({
      status: 401,
      answer: { error: 'Accès réservé au service\u00a0: appelez cette fonction avec la clé service_role.' },
    });
    expect(pushService.delivered).toEqual([]);
    expect(await queued()).toEqual([{ tag: 'commande-CMD-2026-000123', attempts: 0 }]);
  });

  it('a private key that is not the public key’s: 500 in French, the reason in the log, nothing sent', async () => {
    const misconfigured = await startFunction('send-push', env({ VAPID_PRIVATE_KEY: vapidKeyPair().privateKey }));
    try {
      const response = await fetch(misconfigured.origin, { method: 'POST', headers: { Authorization: `Bearer ${SERVICE_ROLE_KEY}` } });
      expect(response.status).toBe(500);
      expect(await response.json()).toEqual({ error: 'Le service de notifications est mal configuré. Prévenez l’administrateur technique.' });
      await misconfigured.waitForOutput('VAPID_PRIVATE_KEY is not the private key of VAPID_PUBLIC_KEY');
    } finally {
      await misconfigured.stop();
    }
  });
});

// RFC 8291 §5 and Appendix A: these keys, salt and plaintext give exactly this message. Run by
// Deno on the function's own module, as deployed.
it('encrypts RFC 8291’s example to RFC 8291’s message, byte for byte', () => {
  const module = pathToFileURL(join(ROOT, 'supabase/functions/send-push/web-push.ts')).href;
  const script = `
    import { base64urlDecode, base64urlEncode, encryptPayload, senderKeysFrom } from '${module}';
    const body = await encryptPayload(
      new TextEncoder().encode('When I grow up, I want to be a watermelon'),
      { p256dh: 'BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4', auth: 'BTBZMqHH6r4Tts7J_aSIgg' },
      {
        salt: base64urlDecode('DGv6ra1nlYgDCS1FRnbzlw'),
        sender: await senderKeysFrom('yfWPiYE-n46HLnH0KqZOF1fJJU3MYrct3AELtAQ-oRw',
          'BP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A8'),
      },
    );
    console.log(base64urlEncode(body));`;
  const run = spawnSync(DENO, ['eval', '--no-lock', script], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', NO_COLOR: '1', DENO_NO_UPDATE_CHECK: '1' },
    timeout: 60_000,
  });
  expect(run.stderr).toBe('');
  expect(run.stdout.trim()).toBe(
    'DGv6ra1nlYgDCS1FRnbzlwAAEABBBP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27ml' +
      'mlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A_yl95bQpu6cVPT' +
      'pK4Mqgkf1CXztLVBSt2Ks3oZwbuwXPXLWyouBWLVWGNWQexSgSxsj_Qulcy4a-fN',
  );
});
