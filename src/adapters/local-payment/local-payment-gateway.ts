import { checkCard, cardDigits, lastFourDigits } from '@/domain/order/payment-card';
import type { PaymentOutcome, PaymentRequest } from '@/domain/order/payment';
import { fail, ok, type Result } from '@/domain/result';
import type { Clock } from '@/ports/clock';
import type { IdGenerator } from '@/ports/id-generator';
import type { PaymentGateway } from '@/ports/payment-gateway';

/** What the simulated bank answers for a card number (its digits). */
type Answer = 'accepted' | 'declined' | 'insufficient-funds';

/**
 * The demo's test cards (also listed in the README). Any other number, even one that passes
 * the Luhn check, is declined with LOCAL_PAYMENT_MESSAGES.notATestCard: nothing here talks to a
 * bank, so a shopper who types a real card must never be told it was charged.
 */
export const TEST_CARDS: Readonly<Record<string, Answer>> = {
  '4242424242424242': 'accepted', // Visa
  '5555555555554444': 'accepted', // Mastercard
  '4000000000000002': 'declined',
  '4000000000009995': 'insufficient-funds',
};

export const LOCAL_PAYMENT_MESSAGES = {
  declined: 'Paiement refusé par la banque. Essayez une autre carte.',
  insufficientFunds: 'Paiement refusé\u00a0: provision insuffisante. Essayez une autre carte.',
  notATestCard: 'Paiement refusé\u00a0: cette boutique de démonstration n’accepte que les cartes de test, par exemple 4242 4242 4242 4242.',
} as const;

/**
 * « Paiement à la livraison », always accepted (the order stays « en attente »), and a simulated
 * card: the checks of checkCard (Luhn, expiry MM/AA not past by the Clock, 3-digit code), then
 * the answer of TEST_CARDS. The card is never kept: the outcome holds its last 4 digits only.
 */
export class LocalPaymentGateway implements PaymentGateway {
  constructor(
    private readonly clock: Clock,
    private readonly ids: IdGenerator,
  ) {}

  async pay(request: PaymentRequest, _amountCents: number): Promise<Result<PaymentOutcome>> {
    if (request.method === 'a-la-livraison') return ok({ method: 'a-la-livraison' });
    const errors = checkCard(request.card, this.clock.now());
    const first = errors.number ?? errors.expiry ?? errors.code;
    if (first !== undefined) return fail('invalid-card', first);
    const answer = TEST_CARDS[cardDigits(request.card.number) ?? ''];
    if (answer === 'declined') return fail('payment-declined', LOCAL_PAYMENT_MESSAGES.declined);
    if (answer === 'insufficient-funds') return fail('payment-declined', LOCAL_PAYMENT_MESSAGES.insufficientFunds);
    if (answer === undefined) return fail('payment-declined', LOCAL_PAYMENT_MESSAGES.notATestCard);
    return ok({ method: 'carte', last4: lastFourDigits(request.card.number), reference: `SIMU-${this.ids.next()}` });
  }

  /** Nothing was debited by the simulation: nothing to give back. */
  async release(_outcome: PaymentOutcome): Promise<Result<undefined>> {
    return ok();
  }
}
