import { fail, ok, type Result } from '../result';
import type { CardDetails } from './payment';
import { cardDigits, checkCard, lastFourDigits } from './payment-card';

/** What the simulated bank of the « Paiement de test » page answers for a card number (its digits). */
type Answer = 'accepted' | 'declined' | 'insufficient-funds';

/**
 * The demo's test cards, listed on the « Paiement de test » page (and in the README). Any other
 * number, even one that passes the Luhn check, is declined with TEST_PAYMENT_MESSAGES.notATestCard:
 * nothing here talks to a bank, so a shopper who types a real card must never be told it was charged.
 */
export const TEST_CARDS: Readonly<Record<string, Answer>> = {
  '4242424242424242': 'accepted', // Visa
  '5555555555554444': 'accepted', // Mastercard
  '4000000000000002': 'declined',
  '4000000000009995': 'insufficient-funds',
};

export const TEST_PAYMENT_MESSAGES = {
  declined: 'Paiement refusé par la banque. Essayez une autre carte.',
  insufficientFunds: 'Paiement refusé\u00a0: provision insuffisante. Essayez une autre carte.',
  notATestCard: 'Paiement refusé\u00a0: cette boutique de démonstration n’accepte que les cartes de test, par exemple 4242 4242 4242 4242.',
  expired: 'Le délai de paiement a expiré\u00a0: votre commande a été annulée et ses articles remis en vente. Rien n’a été débité.',
  unknownSession: 'Cette page de paiement n’existe pas ou n’est plus valable.',
  notStarted: 'Le paiement de test n’a pas pu commencer\u00a0: cet appareil n’a pas pu l’enregistrer (stockage plein ou indisponible).',
} as const;

/**
 * The simulated bank's answer for a card: the checks of checkCard (Luhn, expiry MM/AA not past,
 * 3-digit code) as `invalid-card`, then TEST_CARDS' answer. All an accepted card leaves is its
 * last 4 digits.
 */
export function testCardAnswer(card: CardDetails, now: number): Result<{ last4: string }> {
  const errors = checkCard(card, now);
  const first = errors.number ?? errors.expiry ?? errors.code;
  if (first !== undefined) return fail('invalid-card', first);
  const answer = TEST_CARDS[cardDigits(card.number) ?? ''];
  if (answer === 'declined') return fail('payment-declined', TEST_PAYMENT_MESSAGES.declined);
  if (answer === 'insufficient-funds') return fail('payment-declined', TEST_PAYMENT_MESSAGES.insufficientFunds);
  if (answer === undefined) return fail('payment-declined', TEST_PAYMENT_MESSAGES.notATestCard);
  return ok({ last4: lastFourDigits(card.number) });
}
