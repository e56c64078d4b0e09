import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request Stripe's API accepted or refused, as the stand-in read it. */
export interface StripeRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  idempotencyKey: string | undefined;
  /** The form body, nested as Stripe reads it: a[b][0][c]=… becomes { a: { b: [{ c }] } }. */
  params: Record<string, unknown>;
  /** The form body's keys, as sent. */
  keys: string[];
}

export interface FakeStripe {
  origin: string;
  requests: StripeRequest[];
  /** The sessions created, by id. */
  sessions: Map<string, Record<string, unknown>>;
  /** The refunds made. */
  refunds: { id: string; payment_intent: string; amount: number }[];
  /** The next `count` session creations or refunds are answered `status` (a Stripe error), or never answered ('drop'). */
  failNext(count: number, how: number | 'drop'): void;
  /** Forgets every request, session, refund and idempotency key (between tests). */
  reset(): void;
  stop(): Promise<void>;
}

type Nested = Record<string, unknown>;

/** Stripe's form decoding: each key's [parts] open objects; all-digit parts open arrays (in order). */
export function parseStripeForm(body: string): { params: Nested; keys: string[] } {
  const params: Nested = {};
  const keys: string[] = [];
  for (const [key, value] of new URLSearchParams(body)) {
    keys.push(key);
    const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(key);
    if (!match) throw new Error(`malformed key ${key}`);
    const path = [match[1]!, ...[...match[2]!.matchAll(/\[([^[\]]*)\]/g)].map((m) => m[1]!)];
    let node: Nested | unknown[] = params;
    path.forEach((part, index) => {
      const last = index === path.length - 1;
      const container = node as Record<string, unknown>;
      if (last) {
        if (container[part] !== undefined) throw new Error(`duplicate key ${key}`);
        container[part] = value;
        return;
      }
      const nextIsIndex = /^\d+$/.test(path[index + 1]!);
      if (Array.isArray(node) && !/^\d+$/.test(part)) throw new Error(`${key}: a list indexed by a name`);
      container[part] ??= nextIsIndex ? [] : {};
      node = container[part] as Nested | unknown[];
    });
  }
  return { params, keys };
}

const stripeError = (status: number, type: string, message: string, param?: string) => ({
  status,
  body: { error: { type, message, ...(param ? { param } : {}) } },
});
const isInt = (value: unknown) => typeof value === 'string' && /^(0|[1-9][0-9]*)$/.test(value);
const isUrl = (value: unknown) => typeof value === 'string' && /^https?:\/\/\S+$/.test(value);

/**
 * Stripe's API as the two functions use it, checking each request as Stripe documents it
 * (https://docs.stripe.com/api): the secret key as bearer, application/x-www-form-urlencoded
 * bodies with nested keys, an Idempotency-Key on each POST (the same key with other parameters is
 * refused, the same key again answers the first result); POST /v1/checkout/sessions (mode
 * payment, line_items with price_data in eur and integer cents, product_data.name, quantity, the
 * expiry between 30 minutes and 24 hours on, absolute return URLs), answered as Stripe does
 * ({ id: cs_test_…, url, amount_total, expires_at, … }); POST /v1/refunds (once a payment); GET /v1/payment_intents/<id>
 * with expand[]=latest_charge (the card's last 4 digits: 4242).
 */
export async function startFakeStripe(secretKey: string, now: () => number = () => Math.floor(Date.now() / 1000)): Promise<FakeStripe> {
  const requests: StripeRequest[] = [];
  const sessions = new Map<string, Record<string, unknown>>();
  const refunds: { id: string; payment_intent: string; amount: number }[] = [];
  const byKey = new Map<string, { body: string; answer: { status: number; body: unknown } }>();
  let failures: { count: number; how: number | 'drop' } = { count: 0, how: 500 };
  let made = 0;

  // POST /v1/refunds (https://docs.stripe.com/api/refunds/create): a PaymentIntent and an amount
  // in cents; a payment is refunded once (Stripe refuses more than was charged).
  const refund = (request: IncomingMessage, raw: string, p: Nested, idempotencyKey: string | undefined): { status: number; body: unknown } | 'drop' => {
    if (!request.headers['content-type']?.startsWith('application/x-www-form-urlencoded')) {
      return stripeError(400, 'invalid_request_error', 'Content-Type must be application/x-www-form-urlencoded');
    }
    if (!idempotencyKey) return stripeError(400, 'invalid_request_error', 'this stand-in wants an Idempotency-Key');
    const earlier = byKey.get(idempotencyKey);
    if (earlier)
      return earlier.body === raw
        ? earlier.answer
        : stripeError(400, 'idempotency_error', 'Keys for idempotent requests can only be used with the same parameters.');
    if (failures.count > 0) {
      const { how } = failures;
      failures = { ...failures, count: failures.count - 1 };
      if (how === 'drop') return 'drop';
      const answer = stripeError(how, how >= 500 ? 'api_error' : 'invalid_request_error', 'Refused by the stand-in');
      byKey.set(idempotencyKey, { body: raw, answer });
      return answer;
    }
    if (typeof p.payment_intent !== 'string' || !/^pi_[A-Za-z0-9]+$/.test(p.payment_intent))
      return stripeError(400, 'invalid_request_error', 'payment_intent', 'payment_intent');
    if (!isInt(p.amount) || p.amount === '0') return stripeError(400, 'invalid_request_error', 'amount: an integer of cents', 'amount');
    if (refunds.some((r) => r.payment_intent === p.payment_intent)) {
      return { status: 400, body: { error: { type: 'invalid_request_error', code: 'charge_already_refunded', message: 'Charge has already been refunded.' } } };
    }
    const made = {
      id: `re_test_${refunds.length + 1}`,
      object: 'refund',
      amount: Number(p.amount),
      currency: 'eur',
      payment_intent: p.payment_intent,
      status: 'succeeded',
      metadata: p.metadata ?? {},
    };
    refunds.push(made);
    const answer = { status: 200, body: made };
    byKey.set(idempotencyKey, { body: raw, answer });
    return answer;
  };

  const route = (request: IncomingMessage, url: URL, raw: string): { status: number; body: unknown } | 'drop' => {
    const authorization = request.headers.authorization;
    const idempotencyKey = request.headers['idempotency-key'] as string | undefined;
    let parsed: { params: Nested; keys: string[] };
    try {
      parsed = parseStripeForm(raw);
    } catch (error) {
      return stripeError(400, 'invalid_request_error', String(error));
    }
    requests.push({ method: request.method ?? '', path: url.pathname, authorization, idempotencyKey, ...parsed });
    if (authorization !== `Bearer ${secretKey}`) return stripeError(401, 'invalid_request_error', 'Invalid API Key provided');

    if (request.method === 'GET' && /^\/v1\/payment_intents\/pi_[A-Za-z0-9]+$/.test(url.pathname)) {
      const id = url.pathname.slice('/v1/payment_intents/'.length);
      const expanded = url.searchParams.getAll('expand[]').includes('latest_charge');
      const charge = { id: `ch_${id.slice(3)}`, object: 'charge', payment_method_details: { type: 'card', card: { brand: 'visa', last4: '4242' } } };
      return { status: 200, body: { id, object: 'payment_intent', status: 'succeeded', latest_charge: expanded ? charge : charge.id } };
    }

    if (request.method === 'POST' && url.pathname === '/v1/refunds') return refund(request, raw, parsed.params, idempotencyKey);
    if (request.method !== 'POST' || url.pathname !== '/v1/checkout/sessions')
      return stripeError(404, 'invalid_request_error', `Unrecognized request URL (${request.method}: ${url.pathname})`);
    if (!request.headers['content-type']?.startsWith('application/x-www-form-urlencoded')) {
      return stripeError(400, 'invalid_request_error', 'Content-Type must be application/x-www-form-urlencoded');
    }
    if (!idempotencyKey || idempotencyKey.length > 255)
      return stripeError(400, 'invalid_request_error', 'this stand-in wants an Idempotency-Key of 1 to 255 characters');
    const earlier = byKey.get(idempotencyKey);
    if (earlier) {
      if (earlier.body !== raw)
        return stripeError(400, 'idempotency_error', 'Keys for idempotent requests can only be used with the same parameters they were first used with.');
      return earlier.answer;
    }
    if (failures.count > 0) {
      const { how } = failures;
      failures = { ...failures, count: failures.count - 1 };
      if (how === 'drop') return 'drop';
      const answer =
        how >= 500 ? stripeError(how, 'api_error', 'An unknown error occurred') : stripeError(how, 'invalid_request_error', 'Refused by the stand-in');
      byKey.set(idempotencyKey, { body: raw, answer });
      return answer;
    }

    const p = parsed.params;
    const problem = (message: string, param: string) => stripeError(400, 'invalid_request_error', message, param);
    if (p.mode !== 'payment') return problem('mode must be payment', 'mode');
    const lines = p.line_items;
    if (!Array.isArray(lines) || lines.length === 0 || lines.length > 100) return problem('line_items: 1 to 100', 'line_items');
    let amountTotal = 0;
    for (const [i, line] of (lines as Nested[]).entries()) {
      const price = line.price_data as Nested | undefined;
      const product = price?.product_data as Nested | undefined;
      if (price?.currency !== 'eur') return problem('currency', `line_items[${i}][price_data][currency]`);
      if (!isInt(price.unit_amount)) return problem('unit_amount: an integer of cents', `line_items[${i}][price_data][unit_amount]`);
      if (typeof product?.name !== 'string' || product.name.length === 0)
        return problem('product_data.name', `line_items[${i}][price_data][product_data][name]`);
      if (!isInt(line.quantity) || line.quantity === '0') return problem('quantity', `line_items[${i}][quantity]`);
      amountTotal += Number(price.unit_amount) * Number(line.quantity);
    }
    if (!isInt(p.expires_at)) return problem('expires_at: a Unix time', 'expires_at');
    const expiresAt = Number(p.expires_at);
    if (expiresAt < now() + 30 * 60 || expiresAt > now() + 24 * 3600) {
      return problem('The `expires_at` timestamp must be between 30 minutes and 24 hours from Checkout Session creation.', 'expires_at');
    }
    if (!isUrl(p.success_url)) return problem('success_url', 'success_url');
    if (!isUrl(p.cancel_url)) return problem('cancel_url', 'cancel_url');
    if (amountTotal < 50) return problem('The amount must be at least 0,50 €', 'line_items');

    made += 1;
    const id = `cs_test_${String(made).padStart(4, '0')}${'a'.repeat(20)}`;
    const session = {
      id,
      object: 'checkout.session',
      mode: 'payment',
      status: 'open',
      payment_status: 'unpaid',
      amount_total: amountTotal,
      currency: 'eur',
      client_reference_id: p.client_reference_id ?? null,
      metadata: p.metadata ?? {},
      locale: p.locale ?? null,
      expires_at: expiresAt,
      success_url: p.success_url,
      cancel_url: p.cancel_url,
      url: `https://checkout.stripe.com/c/pay/${id}#fidkdWxOYHwnPyd1blpxYHZxWjA0`,
      payment_intent: null,
    };
    sessions.set(id, session);
    const answer = { status: 200, body: session };
    byKey.set(idempotencyKey, { body: raw, answer });
    return answer;
  };

  const server: Server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const answer = route(request, new URL(request.url ?? '/', 'http://localhost'), Buffer.concat(chunks).toString('utf8'));
      if (answer === 'drop') {
        request.socket.destroy();
        return;
      }
      response.writeHead(answer.status, { 'Content-Type': 'application/json', 'Request-Id': `req_${requests.length}` });
      response.end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    requests,
    sessions,
    refunds,
    failNext: (count, how) => (failures = { count, how }),
    reset: () => {
      requests.length = 0;
      sessions.clear();
      refunds.length = 0;
      byKey.clear();
      failures = { count: 0, how: 500 };
    },
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
