import type { FunctionHandler } from './fake-supabase';

/** What the stand-in knows of each order: its secret and status, what it was asked, and a provider out of reach. */
export type StandInOrders = Map<string, { secret: string; status: 'en-attente-paiement' | 'en-attente'; asked?: unknown[]; unreachable?: 502 | 503 }>;

/**
 * A stand-in for the create-checkout-session edge function (the real one runs in Deno and
 * creates a Stripe Checkout Session from the database's order), answering as it documents its
 * HTTP contract (src/adapters/supabase/supabase-payment-gateway.ts):
 * 200 { url } (a Checkout page), 404 { code: 'not-found' } for a number and secret that match no
 * order, 409 { code: 'not-payable' } for an order that waits for no payment, 502 or 503
 * { code: 'provider-unavailable', message } when Stripe cannot be reached.
 */
export function createCheckoutSessionStandIn(orders: StandInOrders): FunctionHandler {
  let sessions = 0;
  return async ({ body }) => {
    const { number, secret } = (body ?? {}) as { number?: unknown; secret?: unknown };
    const order = typeof number === 'string' ? orders.get(number) : undefined;
    if (!order || order.secret !== secret) return { status: 404, body: { code: 'not-found', message: 'Commande introuvable' } };
    order.asked = [...(order.asked ?? []), body];
    if (order.unreachable) return { status: order.unreachable, body: { code: 'provider-unavailable', message: 'Stripe is unreachable' } };
    if (order.status !== 'en-attente-paiement') return { status: 409, body: { code: 'not-payable', message: 'Order does not wait for a payment' } };
    sessions += 1;
    return { status: 200, body: { url: `https://checkout.stripe.com/c/pay/cs_test_${sessions}` } };
  };
}
