import { describe, expect, it } from 'vitest';
import { LocalPaymentGateway } from '@/adapters/local-payment/local-payment-gateway';
import type { CardDetails, PaymentGateway } from '@/ports/payment-gateway';
import { FakeClock } from '../fakes/fake-clock';
import { SequentialIds } from '../fakes/sequential-ids';

// What every PaymentGateway must do (src/ports/payment-gateway.ts). Each adapter names a card
// its provider accepts and one it declines (a real provider's test mode has its own).
interface GatewayUnderTest {
  name: string;
  /** The gateway, its clock set to 23 November 2026 in Paris. */
  make(): PaymentGateway;
  accepted: string;
  declined: string;
}

const adapters: GatewayUnderTest[] = [
  {
    name: 'LocalPaymentGateway (simulated card)',
    make: () => new LocalPaymentGateway(new FakeClock('2026-11-23T10:00:00Z'), new SequentialIds('paiement')),
    accepted: '4242 4242 4242 4242',
    declined: '4000 0000 0000 0002',
  },
];

describe.each(adapters)('PaymentGateway contract: $name', ({ make, accepted, declined }) => {
  const card = (number: string, change: Partial<CardDetails> = {}): CardDetails => ({ number, expiry: '12/28', code: '123', ...change });

  it('« Paiement à la livraison » is accepted, and charges nothing', async () => {
    expect(await make().pay({ method: 'a-la-livraison' }, 4960)).toEqual({ ok: true, value: { method: 'a-la-livraison' } });
  });

  it('an accepted card answers its last 4 digits and a reference, never the number, expiry or code', async () => {
    const result = await make().pay({ method: 'carte', card: card(accepted, { expiry: '07/29', code: '987' }) }, 4960);
    if (!result.ok) throw new Error(result.error.message);
    expect(result.value).toEqual({ method: 'carte', last4: accepted.replace(/\D/g, '').slice(-4), reference: expect.any(String) });
    const kept = JSON.stringify(result);
    expect(kept).not.toContain(accepted.replace(/\D/g, ''));
    expect(kept).not.toContain('07/29');
    expect(kept).not.toContain('987');
  });

  it('a declined card is refused with payment-declined and a French message', async () => {
    const result = await make().pay({ method: 'carte', card: card(declined) }, 4960);
    expect(result).toMatchObject({ ok: false, error: { code: 'payment-declined', message: expect.stringMatching(/^Paiement refusé/) } });
  });

  it('a mistyped number, an expired date and a short code are refused as invalid-card with checkCard’s message', async () => {
    const gateway = make();
    expect(await gateway.pay({ method: 'carte', card: card('4242 4242 4242 4243') }, 4960)).toEqual({
      ok: false,
      error: { code: 'invalid-card', message: 'Ce numéro de carte n’est pas valide. Vérifiez les chiffres saisis.' },
    });
    expect(await gateway.pay({ method: 'carte', card: card(accepted, { expiry: '10/26' }) }, 4960)).toEqual({
      ok: false,
      error: { code: 'invalid-card', message: 'Cette carte est expirée. Utilisez une autre carte.' },
    });
    expect(await gateway.pay({ method: 'carte', card: card(accepted, { code: '12' }) }, 4960)).toEqual({
      ok: false,
      error: { code: 'invalid-card', message: 'Le code de sécurité doit comporter 3 chiffres (au dos de la carte).' },
    });
  });

  it('a card expiring this month is still accepted', async () => {
    expect((await make().pay({ method: 'carte', card: card(accepted, { expiry: '11/26' }) }, 4960)).ok).toBe(true);
  });

  it('a payment whose order could not be placed is given back; paying on delivery has nothing to give back', async () => {
    const gateway = make();
    const paid = await gateway.pay({ method: 'carte', card: card(accepted) }, 4960);
    if (!paid.ok) throw new Error(paid.error.message);
    expect(await gateway.release(paid.value)).toEqual({ ok: true, value: undefined });
    expect(await gateway.release({ method: 'a-la-livraison' })).toEqual({ ok: true, value: undefined });
  });
});
