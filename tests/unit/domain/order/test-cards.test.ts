import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { TEST_CARDS, testCardAnswer } from '@/domain/order/test-cards';
import type { CardDetails } from '@/domain/order/payment';

// The simulated bank of the « Paiement de test » page, on 23 November 2026 in Paris.
const NOW = Date.parse('2026-11-23T10:00:00Z');
const card = (number: string, change: Partial<CardDetails> = {}): CardDetails => ({ number, expiry: '12/28', code: '123', ...change });
const answer = (number: string, change: Partial<CardDetails> = {}) => testCardAnswer(card(number, change), NOW);

describe('the test payment page’s simulated bank: the documented test cards', () => {
  it('the test cards, each listed in the README', () => {
    expect(TEST_CARDS).toEqual({
      '4242424242424242': 'accepted',
      '5555555555554444': 'accepted',
      '4000000000000002': 'declined',
      '4000000000009995': 'insufficient-funds',
    });
    const readme = readFileSync(new URL('../../../../README.md', import.meta.url), 'utf8');
    for (const digits of Object.keys(TEST_CARDS)) expect(readme).toContain(digits.replace(/(\d{4})(?=\d)/g, '$1 '));
  });

  it('4242 4242 4242 4242 and 5555 5555 5555 4444 are accepted, leaving their last 4 digits only', () => {
    expect(answer('4242 4242 4242 4242')).toEqual({ ok: true, value: { last4: '4242' } });
    expect(answer('5555555555554444')).toEqual({ ok: true, value: { last4: '4444' } });
  });

  it('4000 0000 0000 0002 is declined by the bank; 4000 0000 0000 9995 for insufficient funds', () => {
    expect(answer('4000 0000 0000 0002')).toEqual({
      ok: false,
      error: { code: 'payment-declined', message: 'Paiement refusé par la banque. Essayez une autre carte.' },
    });
    expect(answer('4000 0000 0000 9995')).toEqual({
      ok: false,
      error: { code: 'payment-declined', message: 'Paiement refusé\u00a0: provision insuffisante. Essayez une autre carte.' },
    });
  });

  it('any other number, even one passing Luhn, is declined: the demo takes test cards only', () => {
    expect(answer('4111 1111 1111 1111')).toEqual({
      ok: false,
      error: {
        code: 'payment-declined',
        message: 'Paiement refusé\u00a0: cette boutique de démonstration n’accepte que les cartes de test, par exemple 4242 4242 4242 4242.',
      },
    });
  });

  it('a mistyped number, a past expiry (this month still good) and a short code are refused with checkCard’s message', () => {
    expect(answer('4242 4242 4242 4243')).toEqual({
      ok: false,
      error: { code: 'invalid-card', message: 'Ce numéro de carte n’est pas valide. Vérifiez les chiffres saisis.' },
    });
    expect(answer('4000000000000002', { expiry: '10/26' })).toEqual({
      ok: false,
      error: { code: 'invalid-card', message: 'Cette carte est expirée. Utilisez une autre carte.' },
    });
    expect(answer('4242424242424242', { expiry: '11/26' }).ok).toBe(true);
    expect(answer('4242424242424242', { code: '12' })).toEqual({
      ok: false,
      error: { code: 'invalid-card', message: 'Le code de sécurité doit comporter 3 chiffres (au dos de la carte).' },
    });
  });
});
