import { describe, expect, it } from 'vitest';
import { PAYMENT_MESSAGES } from '@/domain/order/payment';
import { TEST_PAYMENT_MESSAGES } from '@/domain/order/test-cards';
import { localPaymentShop, TEAPOT } from '../../../support/local-payment-shop';

// The local stand-in provider as its « Paiement de test » page uses it: what the shopper's order
// becomes (read back as the order page reads it) and what the catalogue's stock shows.
const GOOD = { number: '4242 4242 4242 4242', expiry: '12/28', code: '123' };
const MINUTE = 60_000;

async function started() {
  const shop = localPaymentShop();
  const order = await shop.place('carte');
  const page = await shop.payments.startPayment({ number: order.number });
  if (!page.ok) throw new Error(page.error.message);
  const session = page.value.url.split('/').pop()!;
  return { ...shop, order, session };
}

describe('« Paiement de test »: the local stand-in for the provider’s page', () => {
  it('shows the order’s number and amount, open for 30 minutes', async () => {
    const { payments, order, session } = await started();
    expect(await payments.session(session)).toEqual({
      ok: true,
      value: { number: order.number, totalCents: order.totals.totalCents, expiresAt: '2026-11-23T10:30:00.000Z', state: 'open' },
    });
  });

  it('an accepted card: the order becomes « payée » with the card’s last 4 digits and a reference, the session is done', async () => {
    const { payments, orders, order, session } = await started();
    expect(await payments.pay(session, GOOD)).toEqual({ ok: true, value: { number: order.number } });
    expect(await orders.get(order.number)).toMatchObject({
      ok: true,
      value: { status: 'payee', payment: { method: 'carte', last4: '4242', reference: expect.stringMatching(/^SIMU-/) } },
    });
    expect(JSON.stringify(await orders.get(order.number))).not.toContain('4242424242424242');
    expect(await payments.session(session)).toMatchObject({ ok: false, error: { code: 'not-found' } });
  });

  it('a declined card: said in French, the order still waits, another card may be tried', async () => {
    const { payments, orders, order, session } = await started();
    expect(await payments.pay(session, { ...GOOD, number: '4000 0000 0000 0002' })).toEqual({
      ok: false,
      error: { code: 'payment-declined', message: 'Paiement refusé par la banque. Essayez une autre carte.' },
    });
    expect(await orders.get(order.number)).toMatchObject({ ok: true, value: { status: 'en-attente-paiement', payment: { last4: null } } });
    expect(await payments.pay(session, GOOD)).toEqual({ ok: true, value: { number: order.number } });
  });

  it('past 30 minutes: the session is refused, the order « annulée » and its stock back, once', async () => {
    const { payments, orders, order, session, clock, stockOf } = await started();
    const reserved = await stockOf(TEAPOT);
    clock.advance(29 * MINUTE);
    expect(await payments.session(session)).toMatchObject({ ok: true, value: { state: 'open' } });
    clock.advance(MINUTE);
    expect(await payments.pay(session, GOOD)).toEqual({ ok: false, error: { code: 'payment-expired', message: TEST_PAYMENT_MESSAGES.expired } });
    expect(await orders.get(order.number)).toMatchObject({ ok: true, value: { status: 'annulee', payment: { reference: null } } });
    expect(await stockOf(TEAPOT)).toBe(reserved! + 1);
    expect(await payments.session(session)).toMatchObject({ ok: true, value: { state: 'done' } });
    expect(await stockOf(TEAPOT)).toBe(reserved! + 1);
  });

  it('the page opened past its time cancels the order as well', async () => {
    const { payments, orders, order, session, clock } = await started();
    clock.advance(30 * MINUTE);
    expect(await payments.session(session)).toMatchObject({ ok: true, value: { state: 'expired' } });
    expect(await orders.get(order.number)).toMatchObject({ ok: true, value: { status: 'annulee' } });
  });

  it('an order paid in another session waits no more: this one is refused, and startPayment too', async () => {
    const { payments, order, session } = await started();
    const other = await payments.startPayment({ number: order.number });
    if (!other.ok) throw new Error(other.error.message);
    expect((await payments.pay(other.value.url.split('/').pop()!, GOOD)).ok).toBe(true);
    expect(await payments.pay(session, GOOD)).toEqual({ ok: false, error: { code: 'not-payable', message: PAYMENT_MESSAGES.notPayable } });
    expect(await payments.startPayment({ number: order.number })).toEqual({ ok: false, error: { code: 'not-payable', message: PAYMENT_MESSAGES.notPayable } });
  });

  it('an unknown session is said in French', async () => {
    const { payments } = await started();
    expect(await payments.session('inconnue')).toEqual({ ok: false, error: { code: 'not-found', message: TEST_PAYMENT_MESSAGES.unknownSession } });
  });
});
