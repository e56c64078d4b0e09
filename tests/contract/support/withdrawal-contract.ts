import { describe, expect, it } from 'vitest';
import { changeOrderStatus } from '@/domain/order/change-order-status';
import type { Order } from '@/domain/order/order';
import { ORDER_LOOKUP_MESSAGES } from '@/domain/order/order-lookup';
import { recordWithdrawalRefund } from '@/domain/order/record-withdrawal-refund';
import { recordWithdrawalReturn } from '@/domain/order/record-withdrawal-return';
import { withdrawFromOrder } from '@/domain/order/withdraw-from-order';
import { WITHDRAWAL_MESSAGES, withdrawalDeadline } from '@/domain/order/withdrawal';
import { shopWeekdayAndTime } from '@/domain/shop-time';
import { MESSAGES } from '@/domain/messages';
import type { Clock } from '@/ports/clock';
import type { OrderRepository } from '@/ports/order-repository';
import { request, type OrdersBackend } from './order-repository-contract';

/** What the withdrawal's contract needs of a backend besides the orders' own. */
export interface WithdrawalBackend extends OrdersBackend {
  /** The withdrawal acknowledgements sent to `address`, oldest first (not the order's other mails). */
  acknowledgementsTo(address: string): readonly { subject: string; body: string }[];
  /** Time passes: the order `number`, delivered, was delivered `days` ago. */
  deliveredDaysAgo(number: string, days: number): Promise<void>;
  /** The backend's clock, as the page's use case reads it. */
  clock: Pick<Clock, 'now'>;
}

const BUYER = 'camille.martin@exemple.fr';
const notAdmin = { ok: false, error: { code: 'not-admin', message: MESSAGES.notAdmin } };

/** Withdrawing from an order (src/ports/order-repository.ts: withdraw, changeWithdrawal), for any adapter. */
export function withdrawalContract(name: string, create: () => WithdrawalBackend | Promise<WithdrawalBackend>): void {
  /**
   * A teapot and two bowls ordered by a device of its own, paid on delivery, moved by the admin to
   * `upTo`: left « en attente » (not shipped), or shipped and delivered.
   */
  async function ordered(upTo: 'en-attente' | 'livree' = 'livree') {
    const backend = await create();
    const teapot = (await backend.catalogue().getBySlug('theiere-en-fonte-kyoto'))!;
    const bowl = (await backend.catalogue().getBySlug('bol-en-gres-bleu-nuit'))!;
    const buyer = backend.device();
    const placed = await buyer.repository.place(
      request([
        { productId: teapot.id, quantity: 1 },
        { productId: bowl.id, quantity: 2 },
      ]),
    );
    if (!placed.ok) throw new Error(placed.error.message);
    const admin = backend.device('admin').repository;
    const number = placed.value.number;
    if (upTo === 'livree') {
      // Paid on delivery: shipped, then delivered (and paid).
      for (const to of ['expediee', 'livree'] as const) {
        const moved = await changeOrderStatus({ orders: admin }, { number, to });
        if (!moved.ok) throw new Error(moved.error.message);
      }
    }
    return { backend, buyer: buyer.repository, admin, number };
  }
  const stockOf = async (backend: WithdrawalBackend, slug: string) => (await backend.catalogue().getBySlug(slug))!.stock;
  const withdraw = (orders: OrderRepository, clock: Pick<Clock, 'now'>, number: string, lines = [{ line: 1, quantity: 1 }]) =>
    withdrawFromOrder({ orders, clock }, { number, lines });

  describe(`Withdrawal contract: ${name}`, () => {
    it('keeps when the order was delivered, and none before', async () => {
      const { buyer, number, backend } = await ordered('livree');
      const read = await buyer.get(number);
      expect(read.ok && read.value.deliveredAt).toEqual(expect.any(String));
      expect(read.ok && Math.abs(Date.parse(read.value.deliveredAt!) - backend.clock.now())).toBeLessThan(60_000);
      const waiting = await ordered('en-attente');
      expect(await waiting.buyer.get(waiting.number)).toMatchObject({ ok: true, value: { deliveredAt: null, withdrawals: [] } });
    });

    it('the buyer withdraws from one bowl of a delivered order: recorded with its moment, acknowledged by mail with the date and time in Paris, listed for the admin', async () => {
      const { backend, buyer, admin, number } = await ordered('livree');
      const withdrawn = await withdraw(buyer, backend.clock, number);
      expect(withdrawn).toMatchObject({
        ok: true,
        value: {
          number,
          withdrawals: [{ number: 1, status: 'recue', beforeShipping: false, lines: [{ line: 1, quantity: 1 }], returnedAt: null, refundedAt: null }],
        },
      });
      const at = (withdrawn as { value: Order }).value.withdrawals[0]!.receivedAt;
      expect(Math.abs(Date.parse(at) - backend.clock.now())).toBeLessThan(60_000);
      const [mail, ...others] = backend.acknowledgementsTo(BUYER);
      expect(others).toEqual([]);
      expect(mail!.subject).toBe(`Accusé de réception de votre rétractation (commande ${number})`);
      expect(mail!.body).toContain(`envoyée le ${shopWeekdayAndTime(at)} (heure de Paris)`);
      expect(mail!.body).toMatch(/- 1 × Bol en grès bleu nuit \(/);
      expect(mail!.body).not.toContain('Théière');
      expect(mail!.body).toContain('Renvoyez-nous ces articles');
      expect(await buyer.get(number)).toMatchObject({ ok: true, value: { withdrawals: [{ receivedAt: at }] } });
      const listed = await admin.listAll({ withdrawn: true });
      expect(listed.ok && listed.value.map((order) => [order.number, order.withdrawals.map((w) => w.status)])).toEqual([[number, ['recue']]]);
    });

    it('the rest stays withdrawable: the other bowl, then the teapot, each its own withdrawal; more than remains refused by the store itself', async () => {
      const { backend, buyer, admin, number } = await ordered('livree');
      expect((await withdraw(buyer, backend.clock, number)).ok).toBe(true);
      expect(await buyer.withdraw(number, [{ line: 1, quantity: 2 }])).toMatchObject({ ok: false, error: { code: 'invalid-withdrawal' } });
      expect(await buyer.withdraw(number, [{ line: 1, quantity: 1 }])).toMatchObject({ ok: true, value: { withdrawals: [{ number: 1 }, { number: 2 }] } });
      const last = await buyer.withdraw(number, [{ line: 0, quantity: 1 }]);
      expect(last.ok && last.value.withdrawals.map((w) => [w.number, w.lines, w.status])).toEqual([
        [1, [{ line: 1, quantity: 1 }], 'recue'],
        [2, [{ line: 1, quantity: 1 }], 'recue'],
        [3, [{ line: 0, quantity: 1 }], 'recue'],
      ]);
      // Delivered: withdrawing everything leaves the order delivered (the goods come back), and closes the right.
      expect(last.ok && last.value.status).toBe('livree');
      expect(await buyer.withdraw(number, [{ line: 0, quantity: 1 }])).toEqual({
        ok: false,
        error: { code: 'withdrawal-closed', message: WITHDRAWAL_MESSAGES.already },
      });
      expect(backend.acknowledgementsTo(BUYER)).toHaveLength(3);
      // Each moves on its own.
      expect(await admin.changeWithdrawal(number, 2, 'retournee')).toMatchObject({
        ok: true,
        value: { withdrawals: [{ status: 'recue' }, { status: 'retournee' }, { status: 'recue' }] },
      });
      expect(await admin.changeWithdrawal(number, 4, 'retournee')).toMatchObject({ ok: false, error: { code: 'invalid-status-change' } });
    });

    it('before shipping (paid on delivery, « en attente »): the teapot withdrawn is cancelled, back in stock at once, closed with nothing to return; the bowls too cancel the order', async () => {
      const { backend, buyer, admin, number } = await ordered('en-attente');
      const teapotStock = await stockOf(backend, 'theiere-en-fonte-kyoto');
      const bowlStock = await stockOf(backend, 'bol-en-gres-bleu-nuit');
      const first = await withdraw(buyer, backend.clock, number, [{ line: 0, quantity: 1 }]);
      expect(first).toMatchObject({
        ok: true,
        value: { status: 'en-attente', withdrawals: [{ number: 1, beforeShipping: true, status: 'close', lines: [{ line: 0, quantity: 1 }] }] },
      });
      // The lines stay as placed.
      expect(first.ok && first.value.lines.map((line) => line.quantity)).toEqual([1, 2]);
      expect(await stockOf(backend, 'theiere-en-fonte-kyoto')).toBe(teapotStock + 1);
      const [mail] = backend.acknowledgementsTo(BUYER);
      expect(mail!.body).not.toContain('Renvoyez');
      expect(mail!.body).toContain('vous n’avez rien à nous renvoyer');
      // Nothing for the owner to record.
      expect(await admin.changeWithdrawal(number, 1, 'retournee')).toMatchObject({ ok: false, error: { code: 'invalid-status-change' } });
      const all = await buyer.withdraw(number, [{ line: 1, quantity: 2 }]);
      expect(all).toMatchObject({ ok: true, value: { status: 'annulee', withdrawals: [{ status: 'close' }, { status: 'close', beforeShipping: true }] } });
      expect(await stockOf(backend, 'bol-en-gres-bleu-nuit')).toBe(bowlStock + 2);
      expect(await stockOf(backend, 'theiere-en-fonte-kyoto')).toBe(teapotStock + 1);
    });

    it('nobody but the buyer: another device and the admin get « introuvable », and nothing is recorded', async () => {
      const { backend, buyer, number } = await ordered('livree');
      const notFound = { ok: false, error: { code: 'not-found', message: ORDER_LOOKUP_MESSAGES.notFound } };
      expect(await backend.device().repository.withdraw(number, [{ line: 0, quantity: 1 }])).toEqual(notFound);
      expect(await backend.device('admin').repository.withdraw(number, [{ line: 0, quantity: 1 }])).toEqual(notFound);
      expect(await buyer.get(number)).toMatchObject({ ok: true, value: { withdrawals: [] } });
      expect(backend.acknowledgementsTo(BUYER)).toEqual([]);
    });

    it('lines the order does not have are refused by the store itself, nothing recorded', async () => {
      const { buyer, number } = await ordered('livree');
      for (const lines of [
        [{ line: 2, quantity: 1 }],
        [{ line: 1, quantity: 3 }],
        [{ line: 1, quantity: 0.5 }],
        [
          { line: 0, quantity: 1 },
          { line: 0, quantity: 1 },
        ],
      ]) {
        expect(await buyer.withdraw(number, lines)).toMatchObject({ ok: false, error: { code: 'invalid-withdrawal' } });
      }
      expect(await buyer.get(number)).toMatchObject({ ok: true, value: { withdrawals: [] } });
    });

    it('delivered 15 days ago: the period is over, refused with its last day in French, by the store itself', async () => {
      const { backend, buyer, number } = await ordered('livree');
      await backend.deliveredDaysAgo(number, 15);
      const read = await buyer.get(number);
      const deadline = withdrawalDeadline(read.ok ? read.value.deliveredAt : null)!;
      const closed = { ok: false, error: { code: 'withdrawal-closed', message: WITHDRAWAL_MESSAGES.expired(deadline.lastDay) } };
      expect(await withdraw(buyer, backend.clock, number)).toEqual(closed);
      expect(await buyer.withdraw(number, [{ line: 1, quantity: 1 }])).toEqual(closed);
      expect(backend.acknowledgementsTo(BUYER)).toEqual([]);
    });

    it('the admin records the goods returned, then the refund, in that order only; nobody else', async () => {
      const { backend, buyer, admin, number } = await ordered('livree');
      expect((await withdraw(buyer, backend.clock, number)).ok).toBe(true);
      expect(await recordWithdrawalRefund({ orders: admin }, number, 1)).toEqual({
        ok: false,
        error: { code: 'invalid-status-change', message: WITHDRAWAL_MESSAGES.transition('recue', 'remboursee') },
      });
      expect(await admin.changeWithdrawal(number, 1, 'remboursee')).toEqual({
        ok: false,
        error: { code: 'invalid-status-change', message: WITHDRAWAL_MESSAGES.transition('recue', 'remboursee') },
      });
      for (const who of ['visitor', 'shopper'] as const)
        expect(await backend.device(who).repository.changeWithdrawal(number, 1, 'retournee')).toEqual(notAdmin);
      expect(await recordWithdrawalReturn({ orders: admin }, number, 1)).toMatchObject({
        ok: true,
        value: { withdrawals: [{ status: 'retournee', returnedAt: expect.any(String) }] },
      });
      expect(await recordWithdrawalRefund({ orders: admin }, number, 1)).toMatchObject({
        ok: true,
        value: { withdrawals: [{ status: 'remboursee', refundedAt: expect.any(String) }] },
      });
      expect(await admin.changeWithdrawal(number, 1, 'retournee')).toEqual({
        ok: false,
        error: { code: 'invalid-status-change', message: WITHDRAWAL_MESSAGES.transition('remboursee', 'retournee') },
      });
      expect(await buyer.get(number)).toMatchObject({ ok: true, value: { withdrawals: [{ status: 'remboursee' }] } });
    });
  });
}
