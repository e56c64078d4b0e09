import { corsHeaders } from '../_shared/cors.ts';
import { json } from '../_shared/http.ts';
import type { Log } from '../_shared/mailers.ts';
import { MESSAGES } from './messages.ts';

/** The order the caller may pay, as public.payable_order answers it (amounts in cents). */
export interface PayableOrder {
  number: string;
  status: string;
  email: string;
  deliveryMethod: string;
  deliveryFeeCents: number;
  totalCents: number;
  /** How many sessions were opened for it before. */
  sessions: number;
  /** A session still open for more than 5 minutes: answered again rather than a new one. */
  openSession: { url: string; expiresAt: string } | null;
  lines: { name: string; unitPriceCents: number; quantity: number }[];
}

/** PostgREST refused the caller's JWT. */
export class CallerRefused extends Error {}
/** The order no longer awaits this payment (record_payment_session's CM030). */
export class NotAwaitingPayment extends Error {}

export interface Backend {
  /** public.payable_order as the caller: null for an order that is not the caller's; CallerRefused / rejects. */
  payableOrder(number: string, secret: string | null, authorization: string | null): Promise<PayableOrder | null>;
  /** public.record_payment_session with the service role; NotAwaitingPayment / rejects. */
  recordSession(session: { orderNumber: string; sessionId: string; url: string; amountCents: number; expiresAt: Date }): Promise<void>;
}

/** A Checkout Session as Stripe answers it (the fields used). */
export interface OpenedSession {
  id: string;
  url: string;
  amountTotal: number;
  expiresAt: Date;
}

export interface Provider {
  /** Opens a Checkout Session for the order; StripeRefused (it said no) / StripeUnreachable / rejects. */
  openSession(order: PayableOrder, expiresAt: Date, idempotencyKey: string): Promise<OpenedSession>;
}

export interface Services {
  backend: Backend;
  provider: Provider;
  /** Whether an error of `provider` is Stripe refusing the request (502), rather than unreachable or failing (503). */
  isRefusal(error: unknown): boolean;
  now(): Date;
  randomKey(): string;
  log: Log;
}

/** Stripe's shortest expiry is 30 minutes after the session is created: one more minute for the way there. */
export const SESSION_LIFETIME_MS = 31 * 60 * 1000;

const failure = (status: number, code: string, message: string) => json(status, { ok: false, code, message });

/**
 * POST { number, secret } (the buyer: the anon key with the order's secret, or the owner's JWT) →
 *   200 { url }: where to send the shopper (Stripe's hosted page), a new session or the one still open;
 *   404 not-found (not the caller's order), 409 not-payable (the order is not a card
 *   order « en attente de paiement »), 401 session-invalid, 400 bad-request, 405, 500 misconfigured,
 *   502 provider-refused (Stripe said no), 503 provider-unavailable (Stripe unreachable or failing),
 *   502 backend-unavailable; every error { ok: false, code, message } with a French message.
 * The order and its stock are never touched here: the shopper may try again.
 */
export function createHandler(services: Services | { problems: string[]; log: Log }): (request: Request) => Promise<Response> {
  return async (request) => {
    if (request.method === 'OPTIONS') return new Response('ok', { headers: corsHeaders });
    if (request.method !== 'POST') return failure(405, 'method-not-allowed', MESSAGES.postOnly);
    if ('problems' in services) {
      services.log(`[create-checkout-session] misconfigured: ${services.problems.join('; ')}`);
      return failure(500, 'misconfigured', MESSAGES.misconfigured);
    }
    const { backend, provider, log } = services;
    let payload: { number?: unknown; secret?: unknown } | null;
    try {
      payload = (await request.json()) as typeof payload;
    } catch {
      return failure(400, 'bad-request', MESSAGES.badJson);
    }
    const { number, secret } = payload ?? {};
    if (typeof number !== 'string' || number.length > 40 || !(secret === null || secret === undefined || typeof secret === 'string')) {
      return failure(400, 'bad-request', MESSAGES.badJson);
    }
    const uuid = typeof secret === 'string' && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(secret) ? secret : null;
    if (typeof secret === 'string' && !uuid) return failure(404, 'not-found', MESSAGES.notFound);

    let order: PayableOrder | null;
    try {
      order = await backend.payableOrder(number, uuid, request.headers.get('Authorization'));
    } catch (error) {
      if (error instanceof CallerRefused) return failure(401, 'session-invalid', MESSAGES.sessionInvalid);
      log(`[create-checkout-session] payable_order failed: ${String(error)}`);
      return failure(502, 'backend-unavailable', MESSAGES.backendUnavailable);
    }
    if (!order) return failure(404, 'not-found', MESSAGES.notFound);
    if (order.status !== 'en-attente-paiement') return failure(409, 'not-payable', MESSAGES.notAwaiting);
    if (order.openSession) return json(200, { url: order.openSession.url });

    const expiresAt = new Date(services.now().getTime() + SESSION_LIFETIME_MS);
    // Stripe keeps a key's first answer for 24 hours, errors included: a key of its own for each
    // attempt, so that a shopper's « Réessayer » after a failure is a new request.
    const idempotencyKey = `checkout-${order.number}-${order.sessions + 1}-${services.randomKey()}`;
    let session: OpenedSession;
    try {
      session = await provider.openSession(order, expiresAt, idempotencyKey);
    } catch (error) {
      log(`[create-checkout-session] Stripe: ${String(error)}`);
      if (services.isRefusal(error)) return failure(502, 'provider-refused', MESSAGES.providerRefused);
      return failure(503, 'provider-unavailable', MESSAGES.providerUnavailable);
    }
    if (session.amountTotal !== order.totalCents) {
      log(`[create-checkout-session] Stripe's session ${session.id} is for ${session.amountTotal}, the order ${order.number} for ${order.totalCents}`);
      return failure(502, 'provider-refused', MESSAGES.providerRefused);
    }
    try {
      await backend.recordSession({
        orderNumber: order.number,
        sessionId: session.id,
        url: session.url,
        amountCents: session.amountTotal,
        expiresAt: session.expiresAt,
      });
    } catch (error) {
      if (error instanceof NotAwaitingPayment) return failure(409, 'not-payable', MESSAGES.notAwaiting);
      log(`[create-checkout-session] record_payment_session failed: ${String(error)}`);
      return failure(502, 'backend-unavailable', MESSAGES.backendUnavailable);
    }
    return json(200, { url: session.url });
  };
}
