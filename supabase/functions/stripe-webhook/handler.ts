import { json } from '../_shared/http.ts';
import type { Log } from '../_shared/mailers.ts';

/** The fields of a Stripe event that this function reads (https://docs.stripe.com/api/events/object). */
export interface StripeEvent {
  id: string;
  type: string;
  data: { object: Record<string, unknown> };
}

/** The signature is missing, wrong, or its timestamp is outside the tolerance. */
export class SignatureRefused extends Error {}

export type PaymentOutcome = 'paid' | 'failed' | 'expired' | 'pending';

export interface RecordedOutcome {
  /** applied: the order moved; noted: nothing to move; replayed: the event was seen before; refused: nothing changed. */
  result: 'applied' | 'noted' | 'replayed' | 'refused';
  outcome: string;
  status?: string | null;
}

export interface Services {
  /** Checks the Stripe-Signature header against the raw body; the event, or SignatureRefused. */
  verify(payload: string, signature: string): Promise<StripeEvent>;
  /** public.record_payment_outcome with the service role; rejects when the database cannot answer. */
  record(event: {
    eventId: string;
    eventType: string;
    sessionId: string;
    orderNumber: string;
    outcome: PaymentOutcome;
    amountCents: number | null;
    paymentReference: string | null;
    cardLast4: string | null;
  }): Promise<RecordedOutcome>;
  /** The card's last 4 digits of a PaymentIntent, or null when Stripe does not tell. */
  cardLast4(paymentIntent: string): Promise<string | null>;
  log: Log;
}

/** What each Checkout Session event means for the order (https://docs.stripe.com/checkout/fulfillment). */
function outcomeOf(event: StripeEvent): PaymentOutcome | null {
  switch (event.type) {
    case 'checkout.session.completed':
      return event.data.object.payment_status === 'paid' ? 'paid' : 'pending';
    case 'checkout.session.async_payment_succeeded':
      return 'paid';
    case 'checkout.session.async_payment_failed':
      return 'failed';
    case 'checkout.session.expired':
      return 'expired';
    default:
      return null;
  }
}

const text = (value: unknown) => (typeof value === 'string' && value.length > 0 ? value : null);

/**
 * POST from Stripe (no JWT: verify_jwt = false), the raw event signed in Stripe-Signature →
 *   400 { received: false, message }: no signature, a wrong one, or a timestamp more than 300 s
 *       away; nothing is read or written (Stripe retries, and a forger learns nothing);
 *   200 { received: true, result, outcome }: the event is recorded, once. result `applied` (the
 *       order moved), `noted` (nothing to move), `replayed` (seen before: nothing changed), or
 *       `refused` (an unknown order or session, an amount other than the order's total, an order
 *       no longer awaiting payment: recorded as such, nothing changed). A refusal is final, so it
 *       is answered 2xx: Stripe would otherwise retry it for three days, to the same refusal, and
 *       disable the endpoint; the refused event stays in payment_events and in the log;
 *   200 { received: true, ignored: type }: an event type this shop does not use;
 *   500: the database could not answer (Stripe retries later); 405 for any method but POST.
 */
export function createHandler(services: Services | { problems: string[]; log: Log }): (request: Request) => Promise<Response> {
  return async (request) => {
    if (request.method !== 'POST') return json(405, { received: false, message: 'POST only' });
    if ('problems' in services) {
      services.log(`[stripe-webhook] misconfigured: ${services.problems.join('; ')}`);
      return json(500, { received: false, message: 'misconfigured' });
    }
    const { log } = services;
    const signature = request.headers.get('Stripe-Signature');
    const payload = await request.text();
    if (!signature) return json(400, { received: false, message: 'missing Stripe-Signature' });
    let event: StripeEvent;
    try {
      event = await services.verify(payload, signature);
    } catch (error) {
      log(`[stripe-webhook] refused: ${String(error)}`);
      return json(400, { received: false, message: 'signature refused' });
    }
    const outcome = outcomeOf(event);
    if (!outcome) return json(200, { received: true, ignored: event.type });

    const session = event.data.object;
    const metadata = (session.metadata ?? {}) as Record<string, unknown>;
    const orderNumber = text(metadata.order_number) ?? text(session.client_reference_id) ?? '';
    const paymentIntent = text(session.payment_intent);
    const amount = typeof session.amount_total === 'number' ? session.amount_total : null;
    try {
      const last4 = outcome === 'paid' && paymentIntent ? await services.cardLast4(paymentIntent) : null;
      const recorded = await services.record({
        eventId: event.id,
        eventType: event.type,
        sessionId: text(session.id) ?? '',
        orderNumber,
        outcome,
        amountCents: amount,
        paymentReference: outcome === 'paid' ? paymentIntent : null,
        cardLast4: last4 && /^[0-9]{4}$/.test(last4) ? last4 : null,
      });
      if (recorded.result === 'refused') log(`[stripe-webhook] ${event.id} (${event.type}, ${orderNumber}) refused: ${recorded.outcome}`);
      return json(200, { received: true, result: recorded.result, outcome: recorded.outcome });
    } catch (error) {
      log(`[stripe-webhook] ${event.id}: record_payment_outcome failed: ${String(error)}`);
      return json(500, { received: false, message: 'backend unavailable' });
    }
  };
}
