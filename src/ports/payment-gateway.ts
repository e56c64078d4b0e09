import type { Result } from '@/domain/result';
import { token } from './token';

/** The order a payment is started for: its number, and the secret that proves the shopper placed it. */
export interface PaymentOrder {
  number: string;
  /** The order's secret; absent, the adapter reads the one this device kept when placing it. */
  secret?: string;
}

/** Where the shopper pays: the provider's page (an absolute address), or a page of the shop (a path). */
export interface PaymentPage {
  url: string;
}

/**
 * Starts the payment of an order already placed (stock reserved, « en attente de paiement »),
 * as every hosted provider works: the answer is the provider's page, where the shopper types the
 * card. The shop never sees the card's number, expiry or code, and never learns the outcome from
 * the browser: the provider tells the backend (on Supabase its signed webhook), which moves the
 * order to « payée » (with the provider's reference and the card's last 4 digits) or, the session
 * expired or the payment failed, to « annulée » with its stock back. The shop reads the order again.
 *
 * Every adapter must:
 * - answer the address of the page where this order is paid;
 * - refuse an order unknown to whoever asks (`not-found`), and an order that no longer waits for
 *   its payment (`not-payable`), with a French message;
 * - answer `network` (src/domain/backend-error.ts) when the provider cannot be reached: the order
 *   and its stock are kept, and the shopper may start again.
 *
 * Locally the stand-in is the shop's own « Paiement de test » page (src/adapters/local-payment);
 * on Supabase the edge function `create-checkout-session` creates a Stripe Checkout Session from
 * the database's order and answers its address.
 */
export interface PaymentGateway {
  startPayment(order: PaymentOrder): Promise<Result<PaymentPage>>;
}

export const PAYMENT_GATEWAY = token<PaymentGateway>('PaymentGateway');
