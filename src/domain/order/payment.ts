/** How a shopper pays (orders.payment_method). */
export const PAYMENT_METHODS = ['a-la-livraison', 'carte'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const PAYMENT_METHOD_LABELS: Readonly<Record<PaymentMethod, string>> = {
  'a-la-livraison': 'Paiement à la livraison',
  carte: 'Carte bancaire',
};

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
