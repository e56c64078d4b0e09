// The card payment's two edge functions, run by Deno exactly as deployed (index.ts, Deno.serve):
// create-checkout-session called as the shop's supabase-js calls it (functions.invoke with the anon
// key and the order's secret) through the fake Supabase, whose PostgREST runs the real SQL
// functions in the test database, in front of a stand-in of Stripe's API that checks each request
// as Stripe documents it; stripe-webhook called as Stripe calls it, with events signed by the
// official `stripe` package's generateTestHeaderString; stripe-refund called as the database's
// webhook calls it (the service role key).
import { createClient, FunctionsHttpError } from '@supabase/supabase-js';
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestCluster, type TestCluster } from '../../scripts/db/test-cluster.mjs';
import { expectCorsPreflightAnswered } from './support/cors';
import { type RunningFunction, startFunction } from './support/deno-function';
import { type FakeStripe, startFakeStripe } from './support/fake-stripe';
import { type FakeSupabase, startFakeSupabase } from './support/fake-supabase';
import { ANON_KEY, JWT_SECRET, NOW, SERVICE_ROLE_KEY } from './support/function-stage';

const SITE_URL = 'https://boutique.example/';
const STRIPE_KEY = 'sk_test_51AbcDefGhiJklMnoPqrStuVwxYz0123456789';
const WEBHOOK_SECRET = 'whsec_c2VjcmV0LWRlLXRlc3QtZGUtbGEtYm91dGlxdWU';
const UNAVAILABLE =
  'Le service de paiement par carte est momentanément indisponible. Votre commande et ses articles restent réservés\u00a0: réessayez dans quelques instants.';

let cluster: TestCluster;
let supabase: FakeSupabase;
let stripe: FakeStripe;
let checkout: RunningFunction;
let webhook: RunningFunction;
let refunder: RunningFunction;

beforeAll(async () => {
  cluster = await startTestCluster({ seed: true });
  supabase = await startFakeSupabase(cluster, JWT_SECRET, () => NOW);
  stripe = await startFakeStripe(STRIPE_KEY);
  const env = {
    SUPABASE_URL: supabase.origin,
    SUPABASE_ANON_KEY: ANON_KEY,
    SUPABASE_SERVICE_ROLE_KEY: SERVICE_ROLE_KEY,
    SITE_URL,
    STRIPE_SECRET_KEY: STRIPE_KEY,
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_URL: stripe.origin,
  };
  [checkout, webhook, refunder] = await Promise.all([
    startFunction('create-checkout-session', env),
    startFunction('stripe-webhook', env),
    startFunction('stripe-refund', env),
  ]);
  supabase.functionsOrigin = checkout.origin;
}, 120_000);

afterAll(async () => {
  await checkout?.stop();
  await webhook?.stop();
  await refunder?.stop();
  await stripe?.stop();
  await supabase?.stop();
  await cluster?.stop();
}, 30_000);

beforeEach(async () => {
  await cluster.reset();
  stripe.reset();
  supabase.seen.length = 0;
});

class NoWebSocket {}

/**
 * A card order « en attente de paiement » as place_order leaves one: a teapot (54,90 €) and two
 * bowls (12,50 €) of the seed, home delivery (4,90 €), 84,80 € in all, its units taken from the stock.
 */
async function cardOrder(number = 'CMD-2026-000901'): Promise<{ number: string; secret: string }> {
  const [placed] = await cluster.query<{ id: number; secret: string }>(
    `insert into public.orders (number, status, email, recipient_name, address_line, postal_code, city, country, delivery_method, payment_method, subtotal, delivery_fee, total)
     values ($1, 'en-attente-paiement', 'camille@exemple.fr', 'Camille Martin', '12 rue de la Roquette', '75011', 'Paris', 'France', 'domicile', 'carte', 79.90, 4.90, 84.80)
     returning id, secret`,
    [number],
  );
  await cluster.query(
    `insert into public.order_lines (order_id, position, product_id, product_name, unit_price, quantity)
     select $1, case p.slug when 'theiere-en-fonte-kyoto' then 0 else 1 end, p.id, p.name, p.price, case p.slug when 'theiere-en-fonte-kyoto' then 1 else 2 end
     from public.products p where p.slug in ('theiere-en-fonte-kyoto', 'bol-en-gres-bleu-nuit')`,
    [placed!.id],
  );
  await cluster.query(
    `update public.products set stock = stock - case slug when 'theiere-en-fonte-kyoto' then 1 else 2 end where slug in ('theiere-en-fonte-kyoto', 'bol-en-gres-bleu-nuit')`,
  );
  return { number, secret: placed!.secret };
}

/** The shop's call: the buyer's supabase-js, signed out (the anon key), with the order's secret. */
async function pay(body: Record<string, unknown>) {
  const client = createClient(supabase.origin, ANON_KEY, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: NoWebSocket as never },
  });
  const { data, error } = await client.functions.invoke('create-checkout-session', { body });
  if (error instanceof FunctionsHttpError) {
    const response = error.context as Response;
    return { status: response.status, answer: (await response.json()) as Record<string, unknown> };
  }
  if (error) throw error;
  return { status: 200, answer: data as Record<string, unknown> };
}

async function orderRow(number: string) {
  const [row] = await cluster.query<Record<string, unknown>>(
    'select status, payment_reference, payment_last4, cancellation_reason from public.orders where number = $1',
    [number],
  );
  return row;
}

async function stockOf(slug: string): Promise<number> {
  const [row] = await cluster.query<{ stock: number }>('select stock from public.products where slug = $1', [slug]);
  return row!.stock;
}

const sessionRequests = () => stripe.requests.filter((r) => r.path === '/v1/checkout/sessions');

/** Stripe's call of the webhook: the event's JSON, signed as Stripe signs it (or with another secret, at another time). */
async function deliver(event: Record<string, unknown>, sign: { secret?: string; timestamp?: number } = {}) {
  const payload = JSON.stringify(event);
  const header = Stripe.webhooks.generateTestHeaderString({ payload, secret: sign.secret ?? WEBHOOK_SECRET, timestamp: sign.timestamp });
  const response = await fetch(webhook.origin, { method: 'POST', headers: { 'Content-Type': 'application/json', 'Stripe-Signature': header }, body: payload });
  return { status: response.status, answer: (await response.json()) as Record<string, unknown> };
}

/** A Checkout Session event as Stripe sends it (the fields the shop reads, and a few more). */
function sessionEvent(id: string, type: string, session: { id: string; number: string; amount: number; paymentStatus?: string }) {
  return {
    id,
    object: 'event',
    api_version: '2026-10-28.clover',
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    type,
    data: {
      object: {
        id: session.id,
        object: 'checkout.session',
        mode: 'payment',
        amount_total: session.amount,
        currency: 'eur',
        client_reference_id: session.number,
        metadata: { order_number: session.number },
        payment_intent: 'pi_3Test0123456789',
        payment_status: session.paymentStatus ?? (type === 'checkout.session.expired' ? 'unpaid' : 'paid'),
        status: type === 'checkout.session.expired' ? 'expired' : 'complete',
      },
    },
  };
}

/** A session stored for the order, as create-checkout-session stores one. */
async function storedSession(number: string, id: string, amount = 8480) {
  await cluster.query(`select public.record_payment_session($1, $2, 'https://checkout.stripe.com/c/pay/' || $2, $3, now() + interval '30 minutes')`, [
    number,
    id,
    amount,
  ]);
}

describe('create-checkout-session', () => {
  it('answers the browser’s CORS preflight for the headers supabase-js sends', async () => {
    await expectCorsPreflightAnswered(`${supabase.origin}/functions/v1/create-checkout-session`);
  });

  it('opens a Checkout Session for the database’s order, as Stripe documents it, stores it and answers its url', async () => {
    const { number, secret } = await cardOrder();
    const before = Math.floor(Date.now() / 1000);
    const { status, answer } = await pay({ number, secret });
    expect(status).toBe(200);
    const [request] = sessionRequests();
    expect(sessionRequests()).toHaveLength(1);
    expect(answer).toEqual({ url: stripe.sessions.values().next().value!.url });
    expect(request!.authorization).toBe(`Bearer ${STRIPE_KEY}`);
    expect(request!.idempotencyKey).toMatch(new RegExp(`^checkout-${number}-1-[0-9a-f-]{36}$`));
    expect(request!.keys).toEqual(
      expect.arrayContaining([
        'line_items[0][price_data][unit_amount]',
        'line_items[0][price_data][product_data][name]',
        'line_items[2][quantity]',
        'metadata[order_number]',
        'payment_intent_data[metadata][order_number]',
      ]),
    );
    const params = request!.params;
    expect(params).toMatchObject({
      mode: 'payment',
      locale: 'fr',
      client_reference_id: number,
      customer_email: 'camille@exemple.fr',
      metadata: { order_number: number },
      payment_intent_data: { metadata: { order_number: number } },
      success_url: `https://boutique.example/commande/confirmation/${number}?paiement=retour`,
      cancel_url: `https://boutique.example/commande/confirmation/${number}?paiement=annule`,
      line_items: [
        { price_data: { currency: 'eur', unit_amount: '5490', product_data: { name: 'Théière en fonte Kyoto' } }, quantity: '1' },
        { price_data: { currency: 'eur', unit_amount: '1250', product_data: { name: 'Bol en grès bleu nuit' } }, quantity: '2' },
        { price_data: { currency: 'eur', unit_amount: '490', product_data: { name: 'Livraison à domicile' } }, quantity: '1' },
      ],
    });
    const expiresAt = Number(params.expires_at);
    expect(expiresAt - before).toBeGreaterThanOrEqual(30 * 60);
    expect(expiresAt - before).toBeLessThanOrEqual(32 * 60);
    // The amounts sum to the database's total, in cents.
    const [{ total }] = (await cluster.query<{ total: string }>('select (total * 100)::int as total from public.orders where number = $1', [number])) as [
      { total: string },
    ];
    const lines = params.line_items as { price_data: { unit_amount: string }; quantity: string }[];
    expect(lines.reduce((sum, l) => sum + Number(l.price_data.unit_amount) * Number(l.quantity), 0)).toBe(Number(total));
    expect(
      await cluster.query(
        'select provider_session_id, amount_cents::int as amount, url from public.payment_sessions join public.orders o on o.id = order_id where o.number = $1',
        [number],
      ),
    ).toEqual([{ provider_session_id: [...stripe.sessions.keys()][0], amount: 8480, url: answer.url }]);

    // Asked again while the session is open: the same page, no second session.
    expect(await pay({ number, secret })).toEqual({ status: 200, answer });
    expect(sessionRequests()).toHaveLength(1);
  });

  it('without the order’s secret: 404 and nothing asked of Stripe; an order that awaits no card payment: 409', async () => {
    const { number } = await cardOrder();
    expect(await pay({ number, secret: crypto.randomUUID() })).toMatchObject({ status: 404, answer: { ok: false, code: 'not-found' } });
    expect(await pay({ number: 42 })).toMatchObject({ status: 400, answer: { code: 'bad-request' } });
    const other = await cardOrder('CMD-2026-000902');
    await cluster.query(`select set_config('session_replication_role', 'replica', false)`);
    await cluster.query(`update public.orders set status = 'annulee' where number = $1`, [other.number]);
    await cluster.query(`select set_config('session_replication_role', 'origin', false)`);
    expect(await pay(other)).toMatchObject({
      status: 409,
      answer: { code: 'not-payable', message: 'Cette commande n’attend pas de paiement par carte.' },
    });
    expect(stripe.requests).toEqual([]);
  });

  it('Stripe failing, unreachable or refusing: 503 or 502 with a French message, the order and its stock kept; trying again opens the session', async () => {
    const { number, secret } = await cardOrder();
    const stock = await stockOf('bol-en-gres-bleu-nuit');

    stripe.failNext(1, 500);
    expect(await pay({ number, secret })).toEqual({ status: 503, answer: { ok: false, code: 'provider-unavailable', message: UNAVAILABLE } });
    // Unreachable: no answer however often it is asked (the connection closed at once).
    stripe.failNext(1000, 'drop');
    expect(await pay({ number, secret })).toEqual({ status: 503, answer: { ok: false, code: 'provider-unavailable', message: UNAVAILABLE } });
    stripe.failNext(1, 400);
    expect(await pay({ number, secret })).toMatchObject({
      status: 502,
      answer: { ok: false, code: 'provider-refused', message: expect.stringContaining('restent réservés') },
    });

    expect(await orderRow(number)).toMatchObject({ status: 'en-attente-paiement' });
    expect(await stockOf('bol-en-gres-bleu-nuit')).toBe(stock);
    expect(await cluster.query('select 1 from public.payment_sessions')).toEqual([]);
    // A request left unanswered was sent again with the same key; each of the shopper's tries had its own.
    const keys = sessionRequests().map((r) => r.idempotencyKey);
    expect(keys.length).toBeGreaterThanOrEqual(4);
    expect(keys.slice(1, -1).every((key) => key === keys[1])).toBe(true);
    expect(new Set(keys).size).toBe(3);

    expect(await pay({ number, secret })).toMatchObject({
      status: 200,
      answer: { url: expect.stringMatching(/^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_test_/) },
    });
    expect(new Set(sessionRequests().map((r) => r.idempotencyKey)).size).toBe(4);
  });
});

describe('stripe-webhook', () => {
  it('a paid checkout.session.completed marks the order « payée » once, with the payment’s reference and the card’s last 4 digits', async () => {
    const { number, secret } = await cardOrder();
    await pay({ number, secret });
    const [sessionId] = [...stripe.sessions.keys()];
    const event = sessionEvent('evt_1Paid', 'checkout.session.completed', { id: sessionId!, number, amount: 8480 });

    expect(await deliver(event)).toEqual({ status: 200, answer: { received: true, result: 'applied', outcome: 'applied' } });
    expect(await orderRow(number)).toEqual({ status: 'payee', payment_reference: 'pi_3Test0123456789', payment_last4: '4242', cancellation_reason: null });
    expect(stripe.requests.at(-1)).toMatchObject({ method: 'GET', path: '/v1/payment_intents/pi_3Test0123456789', authorization: `Bearer ${STRIPE_KEY}` });

    // Stripe delivers it again: answered 2xx, nothing changes.
    expect(await deliver(event)).toEqual({ status: 200, answer: { received: true, result: 'replayed', outcome: 'applied' } });
    expect(await orderRow(number)).toMatchObject({ status: 'payee', payment_reference: 'pi_3Test0123456789' });
    expect(await cluster.query('select provider_event_id, outcome from public.payment_events')).toEqual([
      { provider_event_id: 'evt_1Paid', outcome: 'applied' },
    ]);
  });

  it('a wrong signature, an old timestamp, no signature: 400, nothing recorded, nothing changed', async () => {
    const { number } = await cardOrder();
    await storedSession(number, 'cs_test_forged');
    const event = sessionEvent('evt_forged', 'checkout.session.completed', { id: 'cs_test_forged', number, amount: 8480 });

    expect(await deliver(event, { secret: 'whsec_bm90LXRoZS1zaG9wcy1zZWNyZXQ' })).toMatchObject({ status: 400, answer: { received: false } });
    expect(await deliver(event, { timestamp: Math.floor(Date.now() / 1000) - 301 })).toMatchObject({ status: 400, answer: { received: false } });
    const unsigned = await fetch(webhook.origin, { method: 'POST', body: JSON.stringify(event) });
    expect(unsigned.status).toBe(400);
    // A body changed after signing.
    const payload = JSON.stringify(event);
    const header = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    const tampered = await fetch(webhook.origin, { method: 'POST', headers: { 'Stripe-Signature': header }, body: payload.replace('8480', '1') });
    expect(tampered.status).toBe(400);

    expect(await orderRow(number)).toMatchObject({ status: 'en-attente-paiement', payment_reference: null });
    expect(await cluster.query('select 1 from public.payment_events')).toEqual([]);
  });

  it('an amount other than the order’s total, an unknown order: answered 2xx as refused, recorded, nothing changed', async () => {
    const { number } = await cardOrder();
    await storedSession(number, 'cs_test_amount');
    expect(await deliver(sessionEvent('evt_amount', 'checkout.session.completed', { id: 'cs_test_amount', number, amount: 100 }))).toEqual({
      status: 200,
      answer: { received: true, result: 'refused', outcome: 'refused-wrong-amount' },
    });
    expect(await deliver(sessionEvent('evt_unknown', 'checkout.session.completed', { id: 'cs_test_amount', number: 'CMD-2026-999999', amount: 8480 }))).toEqual(
      {
        status: 200,
        answer: { received: true, result: 'refused', outcome: 'refused-unknown-order' },
      },
    );
    expect(await orderRow(number)).toMatchObject({ status: 'en-attente-paiement', payment_reference: null });
    expect(await webhook.waitForOutput('evt_amount (checkout.session.completed, CMD-2026-000901) refused: refused-wrong-amount')).toBeUndefined();
  });

  it('an expired session cancels the order, which says why, and gives its stock back; a failed payment too', async () => {
    const teapots = await stockOf('theiere-en-fonte-kyoto');
    const { number } = await cardOrder();
    await storedSession(number, 'cs_test_expired');
    expect(await stockOf('theiere-en-fonte-kyoto')).toBe(teapots - 1);
    expect(await deliver(sessionEvent('evt_expired', 'checkout.session.expired', { id: 'cs_test_expired', number, amount: 8480 }))).toMatchObject({
      status: 200,
      answer: { result: 'applied' },
    });
    expect(await orderRow(number)).toMatchObject({ status: 'annulee', cancellation_reason: 'délai de paiement expiré' });
    expect(await stockOf('theiere-en-fonte-kyoto')).toBe(teapots);

    const failed = await cardOrder('CMD-2026-000902');
    await storedSession(failed.number, 'cs_test_failed');
    await deliver(
      sessionEvent('evt_pending', 'checkout.session.completed', { id: 'cs_test_failed', number: failed.number, amount: 8480, paymentStatus: 'unpaid' }),
    );
    expect(await orderRow(failed.number)).toMatchObject({ status: 'en-attente-paiement' });
    await deliver(sessionEvent('evt_failed', 'checkout.session.async_payment_failed', { id: 'cs_test_failed', number: failed.number, amount: 8480 }));
    expect(await orderRow(failed.number)).toMatchObject({ status: 'annulee', cancellation_reason: 'paiement refusé' });
    expect(await stockOf('theiere-en-fonte-kyoto')).toBe(teapots);
  });
});

describe('stripe-refund', () => {
  const ADMIN = { role: 'authenticated', sub: '22222222-2222-4222-8222-222222222222', app_metadata: { provider: 'email', role: 'admin' } } as const;

  async function refundDue() {
    const response = await fetch(refunder.origin, { method: 'POST', headers: { Authorization: `Bearer ${SERVICE_ROLE_KEY}` } });
    return { status: response.status, answer: (await response.json()) as Record<string, unknown> };
  }

  /** A card order paid through Stripe's webhook, then cancelled by the owner in the back office. */
  async function paidThenCancelled(): Promise<string> {
    const { number } = await cardOrder();
    await storedSession(number, 'cs_test_refund');
    await deliver(sessionEvent('evt_refund_paid', 'checkout.session.completed', { id: 'cs_test_refund', number, amount: 8480 }));
    await cluster.query('select public.admin_set_order_status($1, $2)', [number, 'annulee'], { role: 'authenticated', claims: ADMIN });
    return number;
  }

  it('the owner cancels a paid card order: its total is refunded through Stripe, once', async () => {
    const number = await paidThenCancelled();
    expect(await refundDue()).toEqual({ status: 200, answer: { refunded: 1, failed: 0 } });
    const posted = stripe.requests.filter((r) => r.path === '/v1/refunds');
    expect(posted).toHaveLength(1);
    expect(posted[0]).toMatchObject({
      authorization: `Bearer ${STRIPE_KEY}`,
      idempotencyKey: `refund-${number}`,
      params: { payment_intent: 'pi_3Test0123456789', amount: '8480', metadata: { order_number: number } },
    });
    expect(stripe.refunds).toEqual([expect.objectContaining({ payment_intent: 'pi_3Test0123456789', amount: 8480 })]);
    expect(await cluster.query('select provider_refund_id, refunded_at is not null as made from public.payment_refunds')).toEqual([
      { provider_refund_id: 're_test_1', made: true },
    ]);

    // Called again (the webhook, the schedule): nothing more is refunded.
    expect(await refundDue()).toEqual({ status: 200, answer: { refunded: 0, failed: 0 } });
    expect(stripe.requests.filter((r) => r.path === '/v1/refunds')).toHaveLength(1);
  });

  it('Stripe unreachable: the refund stays owed, and the next try, with the same key, refunds it once; only the service role may call', async () => {
    await paidThenCancelled();
    stripe.failNext(1000, 'drop');
    expect(await refundDue()).toEqual({ status: 200, answer: { refunded: 0, failed: 1 } });
    stripe.failNext(0, 500);
    expect(await cluster.query('select refunded_at from public.payment_refunds')).toEqual([{ refunded_at: null }]);
    // Its next attempt is put off: time passes.
    await cluster.query('update public.payment_refunds set next_attempt_at = now()');
    expect(await refundDue()).toEqual({ status: 200, answer: { refunded: 1, failed: 0 } });
    expect(new Set(stripe.requests.filter((r) => r.path === '/v1/refunds').map((r) => r.idempotencyKey)).size).toBe(1);
    expect(stripe.refunds).toHaveLength(1);

    const anon = await fetch(refunder.origin, { method: 'POST', headers: { Authorization: `Bearer ${ANON_KEY}` } });
    expect(anon.status).toBe(401);
  });
});
