import { randomUUID } from 'node:crypto';
import type { TestCluster } from '../../../scripts/db/test-cluster.mjs';
import { MESSAGES } from '../../../supabase/functions/create-checkout-session/messages';
import type { FunctionHandler } from './fake-supabase';

/** A Checkout Session the stand-in opened. */
export interface OpenedSession {
  id: string;
  number: string;
  amountCents: number;
  url: string;
}

export interface CheckoutStandIn {
  /** The function, for startTestProject / supabaseProject's `functions`. */
  handler: FunctionHandler;
  sessions: OpenedSession[];
  /** The next calls answer as the function does when Stripe is unreachable (503) or refuses (502). */
  failNext(count: number, status: 502 | 503): void;
  /**
   * What Stripe's webhook would tell, through the real record_payment_outcome (as the service
   * role does): the session paid (its amount, card 4242), its payment failed, or the session expired.
   */
  settle(session: OpenedSession, outcome: 'paid' | 'failed' | 'expired'): Promise<{ result: string; outcome: string; status?: string }>;
}

/**
 * A stand-in for the create-checkout-session edge function (the real one runs in Deno:
 * supabase/functions/create-checkout-session, tested in tests/functions/stripe-checkout.test.ts),
 * keeping the contract the shop's adapter relies on: POST { number, secret } → the real SQL
 * function payable_order under the role and claims of the request's JWT; 200 { url } (the open
 * session again, or a new one stored with record_payment_session), 404 not-found, 409
 * not-awaiting-payment, 400 bad-request, 502 / 503 { ok: false, code, message } with the
 * function's French messages. `hostedPage(id)` is where the shopper is sent (Stripe's page by default).
 */
export function createCheckoutSessionStandIn(
  cluster: () => TestCluster,
  hostedPage: (sessionId: string) => string = (id) => `https://checkout.stripe.com/c/pay/${id}`,
): CheckoutStandIn {
  const sessions: OpenedSession[] = [];
  let failures = { count: 0, status: 503 as 502 | 503 };
  const failure = (status: number, code: string, message: string) => ({ status, body: { ok: false, code, message } });

  const handler: FunctionHandler = async ({ claims, body }) => {
    const { number, secret } = (body ?? {}) as { number?: unknown; secret?: unknown };
    if (typeof number !== 'string' || !(secret === null || secret === undefined || typeof secret === 'string')) {
      return failure(400, 'bad-request', MESSAGES.badJson);
    }
    const uuid = typeof secret === 'string' && /^[0-9a-f-]{36}$/i.test(secret) ? secret : null;
    const [row] = await cluster().query<{ order: { number: string; status: string; totalCents: number; openSession: { url: string } | null } | null }>(
      'select public.payable_order(number => $1, secret => $2) as order',
      [number, uuid],
      { role: claims.role, claims },
    );
    const order = row!.order;
    if (!order) return failure(404, 'not-found', MESSAGES.notFound);
    if (order.status !== 'en-attente-paiement') return failure(409, 'not-awaiting-payment', MESSAGES.notAwaiting);
    if (order.openSession) return { status: 200, body: { url: order.openSession.url } };
    if (failures.count > 0) {
      failures = { ...failures, count: failures.count - 1 };
      return failures.status === 503
        ? failure(503, 'payment-unavailable', MESSAGES.providerUnavailable)
        : failure(502, 'payment-refused', MESSAGES.providerRefused);
    }
    const id = `cs_test_${randomUUID().replaceAll('-', '')}`;
    const session = { id, number: order.number, amountCents: order.totalCents, url: hostedPage(id) };
    await cluster().query(`select public.record_payment_session($1, $2, $3, $4, now() + interval '31 minutes')`, [
      session.number,
      session.id,
      session.url,
      session.amountCents,
    ]);
    sessions.push(session);
    return { status: 200, body: { url: session.url } };
  };

  return {
    handler,
    sessions,
    failNext: (count, status) => (failures = { count, status }),
    async settle(session, outcome) {
      const type = { paid: 'checkout.session.completed', failed: 'checkout.session.async_payment_failed', expired: 'checkout.session.expired' }[outcome];
      const [row] = await cluster().query<{ recorded: { result: string; outcome: string; status?: string } }>(
        `select public.record_payment_outcome($1, $2, $3, $4, $5, $6, $7, $8) as recorded`,
        [
          `evt_${randomUUID().replaceAll('-', '')}`,
          type,
          session.id,
          session.number,
          outcome,
          session.amountCents,
          outcome === 'paid' ? `pi_${session.id.slice(8, 32)}` : null,
          outcome === 'paid' ? '4242' : null,
        ],
      );
      return row!.recorded;
    },
  };
}
