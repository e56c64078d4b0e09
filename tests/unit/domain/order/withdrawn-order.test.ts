import { describe, expect, it } from 'vitest';
import type { OrderableProduct } from '@/domain/order/order';
import { DELIVERY_FEES_CENTS } from '@/domain/order/order-constants';
import { recordWithdrawalRefund } from '@/domain/order/record-withdrawal-refund';
import { recordWithdrawalReturn } from '@/domain/order/record-withdrawal-return';
import { withdrawFromOrder } from '@/domain/order/withdraw-from-order';
import { withdrawalAcknowledgementMail } from '@/domain/order/withdrawal-acknowledgement';
import { remainingQuantities, WITHDRAWAL_MESSAGES, withdrawalWindow } from '@/domain/order/withdrawal';
import { dueTotals, unitsStillTaken, withdrawalAmountCents } from '@/domain/order/withdrawn-order';
import type { OrderPayment } from '@/domain/order/payment';
import { FakeClock } from '../../../fakes/fake-clock';
import { FakeOrderRepository } from '../../../fakes/fake-order-repository';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const HOME_DELIVERY_FEE_CENTS = DELIVERY_FEES_CENTS.domicile;
const TEAPOT: OrderableProduct = { id: 'theiere', name: 'Théière en fonte', price: 39, images: [], inStock: true, stock: 5, vatRate: 2000 };
const HONEY: OrderableProduct = { id: 'miel', name: 'Miel de lavande', price: 9.5, images: [], inStock: true, stock: 10, vatRate: 550 };

/** A teapot and honey × `honey` (58,00 € for 2: under the free-delivery threshold) ordered at home on 2 November 2026 (Paris), paid on delivery unless `payment` says otherwise; not shipped. */
async function placed(payment: OrderPayment = { method: 'a-la-livraison' }, honey = 2) {
  const clock = new FakeClock('2026-11-02T09:00:00.000Z');
  const products = new Map([
    [TEAPOT.id, TEAPOT],
    [HONEY.id, HONEY],
  ]);
  const orders = new FakeOrderRepository(clock, products);
  const done = await orders.place({
    contact: { name: 'Claire Martin', email: 'claire@exemple.fr', phone: null },
    address: { street: '12 rue des Lilas', postalCode: '75011', city: 'Paris', country: 'France' },
    deliveryMethod: 'domicile',
    relayPoint: null,
    lines: [
      { productId: TEAPOT.id, quantity: 1 },
      { productId: HONEY.id, quantity: honey },
    ],
    payment,
  });
  if (!done.ok) throw new Error(done.error.message);
  const number = done.value.number;
  const withdraw = async (lines: { line: number; quantity: number }[]) => {
    const result = await withdrawFromOrder({ orders, clock }, { number, lines });
    if (!result.ok) throw new Error(result.error.message);
    return result.value;
  };
  const stock = (id: string) => products.get(id)!.stock;
  return { clock, orders, number, withdraw, stock };
}

describe('a partial withdrawal leaves the rest withdrawable until the period ends', () => {
  it('after delivery, the teapot withdrawn: the honey × 2 remains, then is withdrawn on its own, as withdrawal n° 2', async () => {
    const { clock, orders, number, withdraw } = await placed();
    await orders.changeStatus(number, 'expediee');
    await orders.changeStatus(number, 'livree');
    const first = await withdraw([{ line: 0, quantity: 1 }]);
    expect(remainingQuantities(first)).toEqual([0, 2]);
    expect(withdrawalWindow(first, clock.now()).open).toBe(true);
    // More than remains of a line: refused, nothing saved.
    expect(await withdrawFromOrder({ orders, clock }, { number, lines: [{ line: 0, quantity: 1 }] })).toEqual({
      ok: false,
      error: { code: 'invalid-withdrawal', message: WITHDRAWAL_MESSAGES.badLine },
    });
    clock.advance(5 * DAY);
    const second = await withdraw([{ line: 1, quantity: 2 }]);
    expect(second.withdrawals.map((w) => [w.number, w.status, w.lines])).toEqual([
      [1, 'recue', [{ line: 0, quantity: 1 }]],
      [2, 'recue', [{ line: 1, quantity: 2 }]],
    ]);
    // The lines stay as placed.
    expect(second.lines.map((line) => line.quantity)).toEqual([1, 2]);
    expect(withdrawalWindow(second, clock.now())).toMatchObject({ open: false, message: WITHDRAWAL_MESSAGES.already });
  });

  it('the rest closes with the period: the 14th day after delivery, in Paris', async () => {
    const { clock, orders, number, withdraw } = await placed();
    await orders.changeStatus(number, 'expediee');
    await orders.changeStatus(number, 'livree');
    const first = await withdraw([{ line: 0, quantity: 1 }]);
    clock.advance(Date.parse('2026-11-16T22:59:59.999Z') - clock.now());
    expect(withdrawalWindow(first, clock.now()).open).toBe(true);
    clock.advance(1);
    expect(withdrawalWindow(first, clock.now())).toMatchObject({ open: false, reason: 'expired' });
  });

  it('each withdrawal moves on its own: the first returned and refunded while the second is only received', async () => {
    const { clock, orders, number, withdraw } = await placed();
    await orders.changeStatus(number, 'expediee');
    await orders.changeStatus(number, 'livree');
    await withdraw([{ line: 0, quantity: 1 }]);
    await withdraw([{ line: 1, quantity: 1 }]);
    clock.advance(DAY);
    await recordWithdrawalReturn({ orders }, number, 1);
    const refunded = await recordWithdrawalRefund({ orders }, number, 1);
    expect(refunded).toMatchObject({ ok: true, value: { withdrawals: [{ status: 'remboursee' }, { status: 'recue', returnedAt: null }] } });
    expect(await recordWithdrawalRefund({ orders }, number, 2)).toMatchObject({ ok: false, error: { code: 'invalid-status-change' } });
    expect(await recordWithdrawalReturn({ orders }, number, 3)).toEqual({
      ok: false,
      error: { code: 'invalid-status-change', message: WITHDRAWAL_MESSAGES.none },
    });
  });
});

describe('before the goods leave, the withdrawn lines are cancelled', () => {
  it('cash on delivery « en attente », the teapot withdrawn: the amount due drops to the honey and the delivery (the VAT with it), the teapot is back in stock, nothing to send back or pay', async () => {
    const { number, orders, withdraw, stock } = await placed();
    expect(stock(TEAPOT.id)).toBe(4);
    const order = await withdraw([{ line: 0, quantity: 1 }]);
    expect(order.status).toBe('en-attente');
    expect(order.totals.totalCents).toBe(3900 + 1900 + HOME_DELIVERY_FEE_CENTS);
    expect(dueTotals(order)).toMatchObject({ subtotalCents: 1900, deliveryCents: HOME_DELIVERY_FEE_CENTS, totalCents: 1900 + HOME_DELIVERY_FEE_CENTS });
    // The VAT follows: only honey (5,5 %) is left, with the delivery fee.
    expect(dueTotals(order).vatByRate.map((rate) => rate.rate)).toEqual([550]);
    expect(stock(TEAPOT.id)).toBe(5);
    expect(order.withdrawals).toMatchObject([{ beforeShipping: true, status: 'close' }]);
    const mail = withdrawalAcknowledgementMail(order, order.withdrawals[0]!).body;
    expect(mail).not.toContain('Renvoyez');
    expect(mail).not.toContain('rembourserons');
    expect(mail).toContain('vous n’avez rien à nous renvoyer');
    // Nothing for the owner to record: no return, no refund.
    expect(await recordWithdrawalReturn({ orders }, number, 1)).toMatchObject({ ok: false, error: { code: 'invalid-status-change' } });
    expect(await recordWithdrawalRefund({ orders }, number, 1)).toMatchObject({ ok: false, error: { code: 'invalid-status-change' } });
  });

  it('a paid card order not shipped: the withdrawal goes straight to « à rembourser » for the withdrawn amount, then refunded', async () => {
    const { number, orders, withdraw } = await placed({ method: 'carte', last4: '4242', reference: 'pi_test' });
    await orders.changeStatus(number, 'payee');
    const order = await withdraw([{ line: 1, quantity: 1 }]);
    const withdrawal = order.withdrawals[0]!;
    expect(withdrawal).toMatchObject({ beforeShipping: true, status: 'a-rembourser' });
    expect(withdrawalAmountCents(order, withdrawal)).toBe(950);
    expect(withdrawalAcknowledgementMail(order, withdrawal).body).toContain('Nous vous rembourserons leur prix dans les 14\u00a0jours.');
    expect(await recordWithdrawalRefund({ orders }, number, 1)).toMatchObject({ ok: true, value: { withdrawals: [{ status: 'remboursee' }] } });
  });

  it('withdrawing all that remains before shipping cancels the order; its units are all back, the refund includes the delivery', async () => {
    const { number, orders, withdraw, stock } = await placed({ method: 'carte', last4: '4242', reference: 'pi_test' });
    await orders.changeStatus(number, 'payee');
    await withdraw([{ line: 0, quantity: 1 }]);
    const order = await withdraw([{ line: 1, quantity: 2 }]);
    expect(order.status).toBe('annulee');
    expect(stock(TEAPOT.id)).toBe(5);
    expect(stock(HONEY.id)).toBe(10);
    expect(dueTotals(order).totalCents).toBe(0);
    expect(withdrawalAmountCents(order, order.withdrawals[0]!)).toBe(3900);
    expect(withdrawalAmountCents(order, order.withdrawals[1]!)).toBe(1900 + HOME_DELIVERY_FEE_CENTS);
    // What an owner's cancellation would give back: nothing is left to give.
    expect([...unitsStillTaken(order)]).toEqual([]);
  });

  it('the delivery fee stays as placed: withdrawing below the free-delivery threshold never adds a fee', async () => {
    // 39,00 + 3 × 9,50 = 67,50 €: delivered free; 58,00 € once a honey is withdrawn.
    const { withdraw } = await placed(undefined, 3);
    const order = await withdraw([{ line: 1, quantity: 1 }]);
    expect(order.totals.deliveryCents).toBe(0);
    expect(dueTotals(order)).toMatchObject({ subtotalCents: 5800, deliveryCents: 0, totalCents: 5800 });
    expect(unitsStillTaken(order)).toEqual(
      new Map([
        [TEAPOT.id, 1],
        [HONEY.id, 2],
      ]),
    );
  });
});
