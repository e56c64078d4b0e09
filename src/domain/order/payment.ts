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

/**
 * A card as typed on the local test payment page (« Paiement de test », the stand-in for a
 * provider's hosted page). The shop's own checkout never asks for one: on a real backend the
 * provider's page takes the card, and the shop never sees its number, expiry or code.
 */
export interface CardDetails {
  /** 13 to 19 digits; spaces allowed. */
  number: string;
  /** MM/AA. */
  expiry: string;
  /** The 3-digit security code. */
  code: string;
}

/**
 * How an order is paid, as it keeps it. A card order starts with neither reference nor last 4
 * digits: the provider reports both when it confirms the payment (never the number itself).
 */
export type OrderPayment = { method: 'a-la-livraison' } | { method: 'carte'; reference: string | null; last4: string | null };

/** A card payment as the provider confirmed it. */
interface CardPaymentConfirmed {
  reference: string;
  last4: string | null;
}

/** What the payment provider tells the backend of an order: its payment confirmed, or given up (the session expired, the payment failed). */
export type ProviderOutcome = { to: 'payee'; payment: CardPaymentConfirmed } | { to: 'annulee' };

export const PAYMENT_MESSAGES = {
  /** The provider could not be reached to start the payment (`network`). */
  unreachable: 'Le service de paiement ne répond pas pour le moment\u00a0: réessayez dans quelques instants.',
  /** The order no longer waits for a payment (paid meanwhile, or cancelled). */
  notPayable: 'Cette commande n’attend plus de paiement.',
} as const;

/** How long a payment session (the provider's page) stays open after it starts; past it, the order is cancelled. */
export const PAYMENT_SESSION_MINUTES = 30;

/**
 * An order's payment as its pages say it (the shopper's and the back office's): a card with its
 * last 4 digits once the provider reported them, « en attente de paiement » until it confirmed.
 */
export function paymentLabel({ payment, deliveryMethod, status }: { payment: OrderPayment; deliveryMethod: DeliveryMethod; status: string }): string {
  if (payment.method === 'a-la-livraison') return paymentMethodLabel(payment.method, deliveryMethod);
  if (status === 'en-attente-paiement') return `${PAYMENT_METHOD_LABELS.carte}, en attente de paiement`;
  return payment.last4 ? `${PAYMENT_METHOD_LABELS.carte} se terminant par ${payment.last4}` : PAYMENT_METHOD_LABELS.carte;
}
