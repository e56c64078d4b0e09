import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LocalPaymentGateway, TEST_CARDS } from '@/adapters/local-payment/local-payment-gateway';
import type { CardDetails } from '@/ports/payment-gateway';
import { FakeClock } from '../../../fakes/fake-clock';
import { SequentialIds } from '../../../fakes/sequential-ids';

// The simulated bank's own answers; what every gateway does is tests/contract/payment-gateway.
const gateway = () => new LocalPaymentGateway(new FakeClock('2026-11-23T10:00:00Z'), new SequentialIds('paiement'));
const card = (number: string, change: Partial<CardDetails> = {}): CardDetails => ({ number, expiry: '12/28', code: '123', ...change });
const payByCard = (number: string, change: Partial<CardDetails> = {}) => gateway().pay({ method: 'carte', card: card(number, change) }, 4960);

describe('local payment gateway: the documented test cards', () => {
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

  it('4242 4242 4242 4242 is accepted, with a reference of the simulation', async () => {
    expect(await payByCard('4242 4242 4242 4242')).toEqual({ ok: true, value: { method: 'carte', last4: '4242', reference: 'SIMU-paiement-1' } });
  });

  it('5555 5555 5555 4444 (Mastercard) is accepted', async () => {
    expect(await payByCard('5555555555554444')).toMatchObject({ ok: true, value: { last4: '4444' } });
  });

  it('4000 0000 0000 0002 is declined by the bank', async () => {
    expect(await payByCard('4000 0000 0000 0002')).toEqual({
      ok: false,
      error: { code: 'payment-declined', message: 'Paiement refusé par la banque. Essayez une autre carte.' },
    });
  });

  it('4000 0000 0000 9995 is declined for insufficient funds', async () => {
    expect(await payByCard('4000 0000 0000 9995')).toEqual({
      ok: false,
      error: { code: 'payment-declined', message: 'Paiement refusé\u00a0: provision insuffisante. Essayez une autre carte.' },
    });
  });

  it('any other number, even one passing Luhn, is declined: the demo takes test cards only', async () => {
    expect(await payByCard('4111 1111 1111 1111')).toEqual({
      ok: false,
      error: {
        code: 'payment-declined',
        message: 'Paiement refusé\u00a0: cette boutique de démonstration n’accepte que les cartes de test, par exemple 4242 4242 4242 4242.',
      },
    });
  });

  it('a declined test card with a past expiry is refused for the date first (what the shopper can fix)', async () => {
    expect(await payByCard('4000000000000002', { expiry: '01/20' })).toEqual({
      ok: false,
      error: { code: 'invalid-card', message: 'Cette carte est expirée. Utilisez une autre carte.' },
    });
  });
});
