import type { CardDetails } from '@/domain/order/payment';
import type { Result } from '@/domain/result';
import { token } from './token';

/** A payment session of the « Paiement de test » page, as the page shows it. */
export interface TestPaymentSession {
  /** The order paid (its number) and what it comes to, in cents. */
  number: string;
  totalCents: number;
  /** ISO date and time past which the session is refused and the order cancelled. */
  expiresAt: string;
  /**
   * `open`: the order waits for this payment; `expired`: the session ran out of time (the order is
   * then cancelled); `done`: the order waits no more (paid, cancelled).
   */
  state: 'open' | 'expired' | 'done';
}

/**
 * The local backend's stand-in for a payment provider's hosted page: what its page reads and
 * does, as a provider does it on its own site. A session is one payment started for an order
 * (PaymentGateway.startPayment); an accepted card makes the order « payée » (the provider's
 * step), a session past PAYMENT_SESSION_MINUTES makes it « annulée » with its stock back.
 *
 * - `session` answers `not-found` for an unknown session; one past its time is `expired`, and its
 *   order is cancelled then;
 * - `pay` answers the simulated bank's refusal (`invalid-card`, `payment-declined`, French
 *   message, nothing recorded), `payment-expired` past its time, `not-payable` for an order
 *   that waits no more; otherwise the order is paid and its number answered.
 */
export interface TestPaymentDesk {
  session(id: string): Promise<Result<TestPaymentSession>>;
  pay(id: string, card: CardDetails): Promise<Result<{ number: string }>>;
}

export const TEST_PAYMENT_DESK = token<TestPaymentDesk>('TestPaymentDesk');
