import type { DeliveryMethod } from './order-constants';

/** How a shopper pays (orders.payment_method). */
export const PAYMENT_METHODS = ['a-la-livraison', 'carte'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const PAYMENT_METHOD_LABELS: Readonly<Record<PaymentMethod, string>> = {
  'a-la-livraison': 'Paiement à la livraison',
  carte: 'Carte bancaire',
};

/**
 * What a payment method is called for a delivery method: the payment « à la livraison » of an
 * order collected at the shop is made when it is collected (« Paiement au retrait »).
 */
export function paymentMethodLabel(method: PaymentMethod, delivery: DeliveryMethod | ''): string {
  return method === 'a-la-livraison' && delivery === 'retrait-boutique' ? 'Paiement au retrait' : PAYMENT_METHOD_LABELS[method];
}

/** A card as typed in the payment step. Never stored, never logged, never sent to the shop's backend. */
export interface CardDetails {
  /** 13 to 19 digits; spaces allowed. */
  number: string;
  /** MM/AA. */
  expiry: string;
  /** The 3-digit security code. */
  code: string;
}

export type PaymentRequest = { method: 'a-la-livraison' } | { method: 'carte'; card: CardDetails };

/**
 * What the payment gateway answered, as the order keeps it: for a card only its last 4 digits
 * and the gateway's reference, never the number, the expiry or the code.
 */
export type PaymentOutcome = { method: 'a-la-livraison' } | { method: 'carte'; last4: string; reference: string };
