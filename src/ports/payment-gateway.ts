import type { PaymentOutcome, PaymentRequest } from '@/domain/order/payment';
import type { Result } from '@/domain/result';
import { token } from './token';

export type { CardDetails, PaymentMethod, PaymentOutcome, PaymentRequest } from '@/domain/order/payment';

/**
 * Takes the shopper's payment before the order is placed (OrderRepository.place carries the
 * outcome). Asynchronous and answering with a Result, because a real provider is remote.
 *
 * Every adapter must:
 * - answer « Paiement à la livraison » (`a-la-livraison`) with success: nothing is charged, the
 *   order stays « en attente » until the owner marks it paid;
 * - for a card, refuse with `invalid-card` and the French message of domain/order/payment-card.ts
 *   (checkCard) what is mistyped, and with `payment-declined` and a French message what the
 *   bank declines; the shopper keeps everything typed and may try another card;
 * - never store, log or send to the shop's backend the card's number, expiry or code: the outcome
 *   carries only the last 4 digits and the provider's reference;
 * - answer `network` (src/domain/backend-error.ts) when the provider cannot be reached.
 *
 * A real provider (Stripe, Adyen, PayPlug…) implements it by tokenising the card in its own
 * fields or SDK, confirming a payment intent created by the shop's backend for the order's total
 * as the database computes it, and answering its reference; `amountCents` is what the shopper
 * saw on the review step, which the backend checks against its own total.
 */
export interface PaymentGateway {
  pay(request: PaymentRequest, amountCents: number): Promise<Result<PaymentOutcome>>;
  /**
   * Gives back a payment whose order could not be placed (a product sold out meanwhile, the
   * backend unreachable): a real provider cancels the authorisation, so nothing is debited.
   * « Paiement à la livraison » has nothing to give back.
   */
  release(outcome: PaymentOutcome): Promise<Result<undefined>>;
}

export const PAYMENT_GATEWAY = token<PaymentGateway>('PaymentGateway');
