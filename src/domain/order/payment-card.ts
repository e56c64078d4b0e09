import { parisYearMonth } from './paris-calendar';
import type { CardDetails } from './payment';

// The checks any card gets before it is sent to a payment provider: they catch a typo at once,
// beside its field. Whether the bank accepts the card is the PaymentGateway's answer.

type CardField = keyof CardDetails;
export type CardFieldErrors = Partial<Record<CardField, string>>;

export const CARD_MESSAGES = {
  numberRequired: 'Le numéro de carte est obligatoire.',
  numberInvalid: 'Ce numéro de carte n’est pas valide. Vérifiez les chiffres saisis.',
  expiryRequired: 'La date d’expiration est obligatoire.',
  expiryFormat: 'La date d’expiration doit être au format MM/AA, par exemple 08/28.',
  expired: 'Cette carte est expirée. Utilisez une autre carte.',
  codeRequired: 'Le code de sécurité est obligatoire.',
  codeFormat: 'Le code de sécurité doit comporter 3 chiffres (au dos de la carte).',
} as const;

/** The card number's digits (spaces allowed between them); null unless 13 to 19 digits. */
export function cardDigits(number: string): string | null {
  const compact = number.replace(/[\s\u00a0\u202f]/g, '');
  return /^\d{13,19}$/.test(compact) ? compact : null;
}

/** The Luhn checksum every card number carries: a mistyped digit breaks it. */
export function passesLuhn(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/**
 * The expiry as typed, as a month and a full year; null otherwise. Read: MM/AA with a slash, a
 * dash, a dot or spaces between (« 08/28 », « 8/28 », « 08 - 28 »), the year in 4 digits
 * (« 08/2028 »), or the digits alone as printed on the card (« 0828 », « 1228 », « 082028 »).
 */
export function parseExpiry(text: string): { month: number; year: number } | null {
  const compact = text.trim();
  const match = /^(\d{1,2})\s*[/.\-\s]\s*(\d{2}|20\d{2})$/.exec(compact) ?? /^(\d{2})(\d{2}|20\d{2})$/.exec(compact);
  if (!match) return null;
  const month = Number(match[1]);
  const year = Number(match[2]);
  return month >= 1 && month <= 12 ? { month, year: year < 100 ? 2000 + year : year } : null;
}

/** A card number as typed, kept to its digits (19 at most) in groups of four, as printed on the card. */
export function groupCardNumber(text: string): string {
  const digits = text.replace(/\D/g, '').slice(0, 19);
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** A card is good until the last day of its expiry month (Paris time) included. */
function isExpired(expiry: { month: number; year: number }, now: number): boolean {
  const today = parisYearMonth(now);
  return expiry.year * 12 + expiry.month < today.year * 12 + today.month;
}

/** Every field of the card that is wrong, with its French message; {} when all are right. */
export function checkCard(card: CardDetails, now: number): CardFieldErrors {
  const errors: CardFieldErrors = {};
  const digits = cardDigits(card.number);
  if (card.number.trim() === '') errors.number = CARD_MESSAGES.numberRequired;
  else if (digits === null || !passesLuhn(digits)) errors.number = CARD_MESSAGES.numberInvalid;

  const expiry = parseExpiry(card.expiry);
  if (card.expiry.trim() === '') errors.expiry = CARD_MESSAGES.expiryRequired;
  else if (expiry === null) errors.expiry = CARD_MESSAGES.expiryFormat;
  else if (isExpired(expiry, now)) errors.expiry = CARD_MESSAGES.expired;

  if (card.code.trim() === '') errors.code = CARD_MESSAGES.codeRequired;
  else if (!/^\d{3}$/.test(card.code.trim())) errors.code = CARD_MESSAGES.codeFormat;
  return errors;
}

/** The last 4 digits of a card number: all an order keeps of it. */
export function lastFourDigits(number: string): string {
  return number.replace(/\D/g, '').slice(-4);
}
