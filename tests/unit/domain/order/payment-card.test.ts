import { describe, expect, it } from 'vitest';
import { cardDigits, checkCard, groupCardNumber, lastFourDigits, parseExpiry, passesLuhn } from '@/domain/order/payment-card';

// 23 November 2026, in Paris.
const NOW = Date.parse('2026-11-23T10:00:00Z');
const CARD = { number: '4242 4242 4242 4242', expiry: '12/28', code: '123' };

describe('card number: 13 to 19 digits, spaces allowed, Luhn checksum', () => {
  it.each(['4242424242424242', '4000000000000002', '5555555555554444', '378282246310005', '79927398713'])('%s passes Luhn', (digits) => {
    expect(passesLuhn(digits)).toBe(true);
  });
  it.each(['4242424242424241', '4242424242424224', '79927398710', '1234567812345678', '4242 4242', '42a2', ''])('%j fails Luhn', (digits) => {
    expect(passesLuhn(digits)).toBe(false);
  });

  it('spaces between digits are allowed', () => {
    expect(cardDigits(' 4242 4242 4242 4242 ')).toBe('4242424242424242');
    expect(checkCard(CARD, NOW)).toEqual({});
  });

  it.each(['4242 4242 4242 4241', '4242-4242-4242-4242', '4242 4242 4242', '4242 4242 4242 4242 4242', '4242 4242 4242 424a'])('refuses %j', (number) => {
    expect(checkCard({ ...CARD, number }, NOW)).toEqual({ number: 'Ce numéro de carte n’est pas valide. Vérifiez les chiffres saisis.' });
  });

  it('a 12-digit number is too short even when its checksum holds', () => {
    expect(passesLuhn('000000000000')).toBe(true);
    expect(cardDigits('0000 0000 0000')).toBeNull();
  });

  it('an empty number is missing', () => {
    expect(checkCard({ ...CARD, number: ' ' }, NOW)).toEqual({ number: 'Le numéro de carte est obligatoire.' });
  });
});

describe('expiry MM/AA, not past (a card is good to the end of its month)', () => {
  it('reads MM/AA', () => {
    expect(parseExpiry('08/28')).toEqual({ month: 8, year: 2028 });
    expect(parseExpiry('8/28')).toEqual({ month: 8, year: 2028 });
    expect(parseExpiry(' 08 / 28 ')).toEqual({ month: 8, year: 2028 });
  });
  it.each(['1228', '12-28', '12.28', '12 28', '12/2028', '122028'])('reads %j, as printed on a card or typed without the slash, as 12/2028', (expiry) => {
    expect(parseExpiry(expiry)).toEqual({ month: 12, year: 2028 });
    expect(checkCard({ ...CARD, expiry }, NOW)).toEqual({});
  });

  it.each(['13/28', '00/28', '1328', '828', '12345', '08/1928', 'août 28', '108/28', '08/280'])('refuses %j as a format', (expiry) => {
    expect(checkCard({ ...CARD, expiry }, NOW)).toEqual({ expiry: 'La date d’expiration doit être au format MM/AA, par exemple 08/28.' });
  });

  it('this month is accepted', () => {
    expect(checkCard({ ...CARD, expiry: '11/26' }, NOW)).toEqual({});
  });

  it('last month is refused', () => {
    expect(checkCard({ ...CARD, expiry: '10/26' }, NOW)).toEqual({ expiry: 'Cette carte est expirée. Utilisez une autre carte.' });
  });

  it('December of last year is refused, January of next year accepted', () => {
    expect(checkCard({ ...CARD, expiry: '12/25' }, NOW).expiry).toBe('Cette carte est expirée. Utilisez une autre carte.');
    expect(checkCard({ ...CARD, expiry: '01/27' }, NOW)).toEqual({});
  });

  it('the last evening of the month in Paris still counts as that month', () => {
    // 30 November 2026 at 23:30 in Paris is 22:30 UTC; at 23:30 UTC it is already December there.
    expect(checkCard({ ...CARD, expiry: '11/26' }, Date.parse('2026-11-30T22:30:00Z'))).toEqual({});
    expect(checkCard({ ...CARD, expiry: '11/26' }, Date.parse('2026-11-30T23:30:00Z')).expiry).toBe('Cette carte est expirée. Utilisez une autre carte.');
  });

  it('an empty expiry is missing', () => {
    expect(checkCard({ ...CARD, expiry: '' }, NOW)).toEqual({ expiry: 'La date d’expiration est obligatoire.' });
    expect(checkCard({ ...CARD, expiry: '   ' }, NOW)).toEqual({ expiry: 'La date d’expiration est obligatoire.' });
  });
});

describe('security code: 3 digits', () => {
  it.each(['12', '1234', '12a', 'abc'])('refuses %j', (code) => {
    expect(checkCard({ ...CARD, code }, NOW)).toEqual({ code: 'Le code de sécurité doit comporter 3 chiffres (au dos de la carte).' });
  });
  it('accepts 3 digits, and says when it is missing', () => {
    expect(checkCard({ ...CARD, code: '007' }, NOW)).toEqual({});
    expect(checkCard({ ...CARD, code: '' }, NOW)).toEqual({ code: 'Le code de sécurité est obligatoire.' });
    expect(checkCard({ ...CARD, code: '  ' }, NOW)).toEqual({ code: 'Le code de sécurité est obligatoire.' });
    expect(checkCard({ ...CARD, code: ' 123 ' }, NOW)).toEqual({});
  });
});

it('every wrong field is named at once', () => {
  expect(Object.keys(checkCard({ number: '1', expiry: '1', code: '1' }, NOW))).toEqual(['number', 'expiry', 'code']);
});

it('the last 4 digits are all that is kept of a number', () => {
  expect(lastFourDigits('4242 4242 4242 4242')).toBe('4242');
  expect(lastFourDigits('4000 0000 0000 0002')).toBe('0002');
  expect(lastFourDigits('4242 4242 4242 42 42')).toBe('4242');
});

describe('the card number is shown in groups of four, as printed on the card', () => {
  it.each([
    ['4242424242424242', '4242 4242 4242 4242'],
    ['4242 42424242-4242', '4242 4242 4242 4242'],
    ['42424', '4242 4'],
    ['4242', '4242'],
    ['', ''],
    ['4'.repeat(25), '4444 4444 4444 4444 444'],
  ])('%j is shown as %j', (typed, shown) => {
    expect(groupCardNumber(typed)).toBe(shown);
  });
});
