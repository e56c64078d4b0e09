import { describe, expect, it } from 'vitest';
import type { OrderableProduct } from '@/domain/order/order';
import { recordWithdrawalRefund } from '@/domain/order/record-withdrawal-refund';
import { recordWithdrawalReturn } from '@/domain/order/record-withdrawal-return';
import { withdrawFromOrder } from '@/domain/order/withdraw-from-order';
import { withdrawalAcknowledgementMail } from '@/domain/order/withdrawal-acknowledgement';
import {
  WITHDRAWAL_MESSAGES,
  WITHDRAWAL_PERIOD_DAYS,
  WITHDRAWAL_STATUSES,
  WITHDRAWAL_TRANSITIONS,
  withdrawalDeadline,
  withdrawalWindow,
} from '@/domain/order/withdrawal';
import { FakeClock } from '../../../fakes/fake-clock';
import { FakeOrderRepository } from '../../../fakes/fake-order-repository';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const BOL: OrderableProduct = { id: 'bol', name: 'Bol en grès', price: 12.5, images: [], inStock: true, stock: 9, vatRate: 2000 };
/** The lines withdrawalWindow reads: one, of one unit, nothing withdrawn. */
const ONE_LINE = [{ productId: 'bol', name: 'Bol en grès', unitPriceCents: 1250, quantity: 1, picture: '', vatRate: 2000 as const }];
const VASE: OrderableProduct = { id: 'vase', name: 'Vase', price: 30, images: [], inStock: true, stock: 9, vatRate: 2000 };

/** A bowl × 2 and a vase ordered, then delivered at `deliveredAt` (the fake clock's time then). */
async function delivered(deliveredAt: string) {
  const clock = new FakeClock(Date.parse(deliveredAt) - 3 * DAY);
  const orders = new FakeOrderRepository(
    clock,
    new Map([
      [BOL.id, BOL],
      [VASE.id, VASE],
    ]),
  );
  const placed = await orders.place({
    contact: { name: 'Claire Martin', email: 'claire@exemple.fr', phone: null },
    address: { street: '12 rue des Lilas', postalCode: '75011', city: 'Paris', country: 'France' },
    deliveryMethod: 'domicile',
    relayPoint: null,
    lines: [
      { productId: BOL.id, quantity: 2 },
      { productId: VASE.id, quantity: 1 },
    ],
    payment: { method: 'a-la-livraison' },
  });
  if (!placed.ok) throw new Error(placed.error.message);
  const number = placed.value.number;
  clock.advance(3 * DAY);
  await orders.changeStatus(number, 'livree');
  const withdraw = (lines = [{ line: 0, quantity: 1 }]) => withdrawFromOrder({ orders, clock }, { number, lines });
  return { clock, orders, number, withdraw };
}

describe(`the withdrawal period: to the end of the ${WITHDRAWAL_PERIOD_DAYS}th day after the day of delivery, in Paris`, () => {
  it('delivered on 2 November at 15:00 (Paris): the last day is 16 November, open until 23:59:59.999 there', () => {
    const deadline = withdrawalDeadline('2026-11-02T14:00:00.000Z')!;
    expect(deadline.lastDay).toBe('2026-11-16');
    // Midnight in Paris (winter, UTC+1) is 23:00 UTC the day before.
    expect(new Date(deadline.endsAt).toISOString()).toBe('2026-11-16T23:00:00.000Z');
  });

  it('the day of delivery is Paris’s: delivered at 00:30 on 29 March in Paris (23:30 UTC the day before), the last day is 12 April (summer time: midnight is 22:00 UTC)', () => {
    const deadline = withdrawalDeadline('2026-03-28T23:30:00.000Z')!;
    expect(deadline.lastDay).toBe('2026-04-12');
    expect(new Date(deadline.endsAt).toISOString()).toBe('2026-04-12T22:00:00.000Z');
  });

  it('not delivered yet: no deadline, the buyer may withdraw', () => {
    expect(withdrawalDeadline(null)).toBeNull();
    expect(withdrawalWindow({ status: 'payee', deliveredAt: null, lines: ONE_LINE, withdrawals: [] }, Date.parse('2030-01-01'))).toEqual({
      open: true,
      deadline: null,
    });
  });

  it('with the fake clock: open on the last day until its end in Paris, closed one millisecond later, with the last day in French', async () => {
    const { clock, withdraw } = await delivered('2026-11-02T14:00:00.000Z');
    clock.advance(Date.parse('2026-11-16T22:59:59.999Z') - clock.now());
    const order = { status: 'livree' as const, deliveredAt: '2026-11-02T14:00:00.000Z', lines: ONE_LINE, withdrawals: [] };
    expect(withdrawalWindow(order, clock.now()).open).toBe(true);
    clock.advance(1);
    expect(withdrawalWindow(order, clock.now())).toEqual({
      open: false,
      reason: 'expired',
      message: 'Le délai de rétractation de 14 jours a expiré le 16 novembre 2026.',
    });
    expect(await withdraw()).toEqual({
      ok: false,
      error: { code: 'withdrawal-closed', message: 'Le délai de rétractation de 14 jours a expiré le 16 novembre 2026.' },
    });
  });

  it('delivered 15 days ago: closed; 14 days ago: open', async () => {
    const late = await delivered('2026-11-02T14:00:00.000Z');
    late.clock.advance(15 * DAY);
    expect(await late.withdraw()).toMatchObject({ ok: false, error: { code: 'withdrawal-closed' } });
    const inTime = await delivered('2026-11-02T14:00:00.000Z');
    inTime.clock.advance(14 * DAY);
    expect(await inTime.withdraw()).toMatchObject({ ok: true, value: { withdrawals: [{ number: 1, status: 'recue', lines: [{ line: 0, quantity: 1 }] }] } });
  });
});

describe('withdrawFromOrder: the order now, within its period, lines of the order, once', () => {
  it('records the lines chosen, sorted, with the moment of the confirmation', async () => {
    const { clock, withdraw } = await delivered('2026-11-02T14:00:00.000Z');
    clock.advance(HOUR);
    const done = await withdraw([
      { line: 1, quantity: 1 },
      { line: 0, quantity: 2 },
    ]);
    expect(done).toMatchObject({
      ok: true,
      value: {
        withdrawals: [
          {
            number: 1,
            receivedAt: '2026-11-02T15:00:00.000Z',
            beforeShipping: false,
            lines: [
              { line: 0, quantity: 2 },
              { line: 1, quantity: 1 },
            ],
          },
        ],
      },
    });
    expect(await withdraw()).toEqual({ ok: false, error: { code: 'withdrawal-closed', message: WITHDRAWAL_MESSAGES.already } });
  });

  it('refuses no line, a line the order has not, more than ordered, a line twice; quantity 0 means not chosen', async () => {
    const { withdraw } = await delivered('2026-11-02T14:00:00.000Z');
    expect(await withdraw([{ line: 0, quantity: 0 }])).toEqual({ ok: false, error: { code: 'invalid-withdrawal', message: WITHDRAWAL_MESSAGES.noLine } });
    for (const lines of [
      [{ line: 2, quantity: 1 }],
      [{ line: 0, quantity: 3 }],
      [
        { line: 1, quantity: 1 },
        { line: 1, quantity: 1 },
      ],
      [{ line: 0, quantity: 1.5 }],
    ]) {
      expect(await withdraw(lines)).toEqual({ ok: false, error: { code: 'invalid-withdrawal', message: WITHDRAWAL_MESSAGES.badLine } });
    }
    expect(
      (
        await withdraw([
          { line: 0, quantity: 0 },
          { line: 1, quantity: 1 },
        ])
      ).ok,
    ).toBe(true);
  });

  it('a cancelled order has nothing to withdraw from', () => {
    expect(withdrawalWindow({ status: 'annulee', deliveredAt: null, lines: ONE_LINE, withdrawals: [] }, 0)).toMatchObject({
      open: false,
      message: WITHDRAWAL_MESSAGES.cancelled,
    });
  });
});

describe('the owner’s steps: received → goods returned → refunded', () => {
  it('the table: each status moves to the next one only, refunded is final', () => {
    expect(WITHDRAWAL_STATUSES).toEqual(['recue', 'retournee', 'a-rembourser', 'remboursee', 'close']);
    expect(WITHDRAWAL_TRANSITIONS).toEqual({ recue: ['retournee'], retournee: ['remboursee'], 'a-rembourser': ['remboursee'], remboursee: [], close: [] });
  });

  it('return then refund, each dated; a refund first, or a second return, refused in French', async () => {
    const { clock, orders, number, withdraw } = await delivered('2026-11-02T14:00:00.000Z');
    expect(await recordWithdrawalReturn({ orders }, number, 1)).toEqual({
      ok: false,
      error: { code: 'invalid-status-change', message: WITHDRAWAL_MESSAGES.none },
    });
    await withdraw();
    expect(await recordWithdrawalRefund({ orders }, number, 1)).toEqual({
      ok: false,
      error: {
        code: 'invalid-status-change',
        message: 'Une rétractation au statut «\u202frétractation reçue\u202f» ne peut pas passer à «\u202fremboursée\u202f».',
      },
    });
    clock.advance(DAY);
    expect(await recordWithdrawalReturn({ orders }, number, 1)).toMatchObject({
      ok: true,
      value: { withdrawals: [{ status: 'retournee', returnedAt: '2026-11-03T14:00:00.000Z' }] },
    });
    clock.advance(DAY);
    expect(await recordWithdrawalRefund({ orders }, number, 1)).toMatchObject({
      ok: true,
      value: { withdrawals: [{ status: 'remboursee', refundedAt: '2026-11-04T14:00:00.000Z' }] },
    });
    expect(await recordWithdrawalReturn({ orders }, number, 1)).toMatchObject({ ok: false, error: { code: 'invalid-status-change' } });
  });
});

describe('the acknowledgement: the content, the date and the time of the withdrawal, in Paris', () => {
  it('names the order, each line withdrawn with its quantity and amount, and the Paris date and time', async () => {
    const { clock, withdraw } = await delivered('2026-11-02T14:00:00.000Z');
    clock.advance(Date.parse('2026-11-05T17:05:00.000Z') - clock.now());
    const done = await withdraw([{ line: 0, quantity: 2 }]);
    if (!done.ok) throw new Error(done.error.message);
    const mail = withdrawalAcknowledgementMail(done.value, done.value.withdrawals[0]!);
    expect(mail.to).toBe('claire@exemple.fr');
    expect(mail.subject).toBe(`Accusé de réception de votre rétractation (commande ${done.value.number})`);
    expect(mail.body).toContain('envoyée le jeudi 5 novembre 2026 à 18:05 (heure de Paris), pour\u00a0:\n- 2 × Bol en grès (25,00\u00a0€)\n');
    expect(mail.body).not.toContain('Vase');
  });

  it('goods delivered: says where to send them back, the company’s return address; not shipped yet: that there is nothing to send', async () => {
    const { withdraw } = await delivered('2026-11-02T14:00:00.000Z');
    const done = await withdraw();
    if (!done.ok) throw new Error(done.error.message);
    const shipped = withdrawalAcknowledgementMail(done.value, done.value.withdrawals[0]!).body;
    expect(shipped).toContain(
      'Renvoyez-nous ces articles au plus tard 14\u00a0jours après cette date, à l’adresse\u00a0: La Petite Boutique – Service retours, 12 rue des Potiers, 75011 Paris, France.',
    );
    const notShipped = withdrawalAcknowledgementMail(done.value, { ...done.value.withdrawals[0]!, beforeShipping: true, status: 'close' }).body;
    expect(notShipped).toContain(
      'Ces articles ne vous ont pas encore été expédiés\u00a0: ils sont retirés de votre commande et nous ne les enverrons pas, vous n’avez rien à nous renvoyer.',
    );
    expect(notShipped).not.toContain('Renvoyez');
    expect(notShipped).not.toContain('rue des Potiers');
  });
});
