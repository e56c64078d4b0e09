import { type FormValue, type StripeConfig, StripeRefused, stripePost } from '../_shared/stripe.ts';
import type { OpenedSession, PayableOrder, Provider } from './handler.ts';

/** The delivery fee's line on Stripe's page, by delivery method (the shop's own words). */
const FEE_NAMES: Record<string, string> = {
  domicile: 'Livraison à domicile',
  'point-relais': 'Livraison en point relais',
  'retrait-boutique': 'Retrait en boutique',
};

/** The order's confirmation page, where Stripe sends the shopper back (paid or not): the shop's paths.orderConfirmation and orderPaymentCancelled (`?paiement=annule`, src/domain/site-paths.ts). */
export function confirmationUrl(siteUrl: string, number: string, outcome: 'retour' | 'annule'): string {
  return `${siteUrl.replace(/\/+$/, '')}/commande/confirmation/${encodeURIComponent(number)}?paiement=${outcome}`;
}

/**
 * POST /v1/checkout/sessions (https://docs.stripe.com/api/checkout/sessions/create): mode payment,
 * each line and the delivery fee as price_data in euros and cents, the page in French, the order's
 * number as client_reference_id and in the session's and the PaymentIntent's metadata, the expiry,
 * the return addresses on the shop's confirmation page.
 */
export function stripeCheckout(config: Pick<StripeConfig, 'apiUrl' | 'secretKey' | 'siteUrl'>): Provider {
  return {
    async openSession(order: PayableOrder, expiresAt: Date, idempotencyKey: string): Promise<OpenedSession> {
      const line = (name: string, unitAmount: number, quantity: number): FormValue => ({
        price_data: { currency: 'eur', unit_amount: unitAmount, product_data: { name } },
        quantity,
      });
      const lines = order.lines.map((l) => line(l.name, l.unitPriceCents, l.quantity));
      if (order.deliveryFeeCents > 0) lines.push(line(FEE_NAMES[order.deliveryMethod] ?? 'Livraison', order.deliveryFeeCents, 1));
      const metadata = { order_number: order.number };
      const body = await stripePost(
        config,
        '/v1/checkout/sessions',
        {
          mode: 'payment',
          line_items: lines,
          locale: 'fr',
          customer_email: order.email,
          client_reference_id: order.number,
          metadata,
          payment_intent_data: { metadata },
          expires_at: Math.floor(expiresAt.getTime() / 1000),
          success_url: confirmationUrl(config.siteUrl, order.number, 'retour'),
          cancel_url: confirmationUrl(config.siteUrl, order.number, 'annule'),
        },
        idempotencyKey,
      );
      if (typeof body.id !== 'string' || typeof body.url !== 'string' || typeof body.amount_total !== 'number' || typeof body.expires_at !== 'number') {
        throw new StripeRefused(200, `unexpected session ${JSON.stringify(body).slice(0, 200)}`);
      }
      return { id: body.id, url: body.url, amountTotal: body.amount_total, expiresAt: new Date(body.expires_at * 1000) };
    },
  };
}
