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
  /** The acknowledgements (and any other mail) sent to `address`, oldest first. */
  mailsTo(address: string): readonly { subject: string; body: string }[];
  /** Time passes: the order `number`, delivered, was delivered `days` ago. */
  deliveredDaysAgo(number: string, days: number): Promise<void>;
  /** The backend's clock, as the page's use case reads it. */
  clock: Pick<Clock, 'now'>;
}

const BUYER = 'camille.martin@exemple.fr';
const notAdmin = { ok: false, error: { code: 'not-admin', message: MESSAGES.notAdmin } };

/** Withdrawing from an order (src/ports/order-repository.ts: withdraw, changeWithdrawal), for any adapter. */
export function withdrawalContract(name: string, create: () => WithdrawalBackend | Promise<WithdrawalBackend>): void {
  /** A teapot and two bowls ordered by a device of its own, moved by the admin to `upTo`. */
  async function ordered(upTo: 'expediee' | 'livree' = 'livree') {
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
    // Paid on delivery: shipped, then delivered (and paid).
    const steps = upTo === 'expediee' ? (['expediee'] as const) : (['expediee', 'livree'] as const);
    for (const to of steps) {
      const moved = await changeOrderStatus({ orders: admin }, { number: placed.value.number, to });
      if (!moved.ok) throw new Error(moved.error.message);
    }
    return { backend, buyer: buyer.repository, admin, number: placed.value.number };
  }
  const withdraw = (orders: OrderRepository, clock: Pick<Clock, 'now'>, number: string, lines = [{ line: 1, quantity: 1 }]) =>
    withdrawFromOrder({ orders, clock }, { number, lines });

  describe(`Withdrawal contract: ${name}`, () => {
    it('keeps when the order was delivered, and none before', async () => {
      const { buyer, number, backend } = await ordered('livree');
      const read = await buyer.get(number);
      expect(read.ok && read.value.deliveredAt).toEqual(expect.any(String));
      expect(read.ok && Math.abs(Date.parse(read.value.deliveredAt!) - backend.clock.now())).toBeLessThan(60_000);
      const shipped = await ordered('expediee');
      expect(await shipped.buyer.get(shipped.number)).toMatchObject({ ok: true, value: { deliveredAt: null, withdrawal: null } });
    });

    it('the buyer withdraws from one bowl of a delivered order: recorded with its moment, acknowledged by mail with the date and time in Paris, listed for the admin', async () => {
      const { backend, buyer, admin, number } = await ordered('livree');
      const withdrawn = await withdraw(buyer, backend.clock, number);
      expect(withdrawn).toMatchObject({
        ok: true,
        value: { number, withdrawal: { status: 'recue', lines: [{ line: 1, quantity: 1 }], returnedAt: null, refundedAt: null } },
      });
      const at = (withdrawn as { value: Order }).value.withdrawal!.receivedAt;
      expect(Math.abs(Date.parse(at) - backend.clock.now())).toBeLessThan(60_000);
      const [mail, ...others] = backend.mailsTo(BUYER);
      expect(others).toEqual([]);
      expect(mail!.subject).toBe(`Accusé de réception de votre rétractation (commande ${number})`);
      expect(mail!.body).toContain(`envoyée le ${shopWeekdayAndTime(at)} (heure de Paris)`);
      expect(mail!.body).toMatch(/- 1 × Bol en grès bleu nuit \(/);
      expect(mail!.body).not.toContain('Théière');
      expect(await buyer.get(number)).toMatchObject({ ok: true, value: { withdrawal: { receivedAt: at } } });
      const listed = await admin.listAll({ withdrawn: true });
      expect(listed.ok && listed.value.map((order) => [order.number, order.withdrawal?.status])).toEqual([[number, 'recue']]);
    });

    it('before delivery too; once only', async () => {
      const { backend, buyer, number } = await ordered('expediee');
      expect(await withdraw(buyer, backend.clock, number, [{ line: 0, quantity: 1 }])).toMatchObject({ ok: true, value: { withdrawal: { status: 'recue' } } });
      expect(await buyer.withdraw(number, [{ line: 1, quantity: 1 }])).toEqual({
        ok: false,
        error: { code: 'withdrawal-closed', message: WITHDRAWAL_MESSAGES.already },
      });
    });

    it('nobody but the buyer: another device and the admin get « introuvable », and nothing is recorded', async () => {
      const { backend, buyer, number } = await ordered('livree');
      const notFound = { ok: false, error: { code: 'not-found', message: ORDER_LOOKUP_MESSAGES.notFound } };
      expect(await backend.device().repository.withdraw(number, [{ line: 0, quantity: 1 }])).toEqual(notFound);
      expect(await backend.device('admin').repository.withdraw(number, [{ line: 0, quantity: 1 }])).toEqual(notFound);
      expect(await buyer.get(number)).toMatchObject({ ok: true, value: { withdrawal: null } });
      expect(backend.mailsTo(BUYER)).toEqual([]);
    });

    it('lines the order does not have are refused by the store itself, nothing recorded', async () => {
      const { buyer, number } = await ordered('livree');
      for (const lines of [
        [{ line: 2, quantity: 1 }],
        [{ line: 1, quantity: 3 }],
        [
          { line: 0, quantity: 1 },
          { line: 0, quantity: 1 },
        ],
      ]) {
        expect(await buyer.withdraw(number, lines)).toMatchObject({ ok: false, error: { code: 'invalid-withdrawal' } });
      }
      expect(await buyer.get(number)).toMatchObject({ ok: true, value: { withdrawal: null } });
    });

    it('delivered 15 days ago: the period is over, refused with its last day in French, by the store itself', async () => {
      const { backend, buyer, number } = await ordered('livree');
      await backend.deliveredDaysAgo(number, 15);
      const read = await buyer.get(number);
      const deadline = withdrawalDeadline(read.ok ? read.value.deliveredAt : null)!;
      const closed = { ok: false, error: { code: 'withdrawal-closed', message: WITHDRAWAL_MESSAGES.expired(deadline.lastDay) } };
      expect(await withdraw(buyer, backend.clock, number)).toEqual(closed);
      expect(await buyer.withdraw(number, [{ line: 1, quantity: 1 }])).toEqual(closed);
      expect(backend.mailsTo(BUYER)).toEqual([]);
    });

    it('the admin records the goods returned, then the refund, in that order only; nobody else', async () => {
      const { backend, buyer, admin, number } = await ordered('livree');
      expect((await withdraw(buyer, backend.clock, number)).ok).toBe(true);
      expect(await recordWithdrawalRefund({ orders: admin }, number)).toEqual({
        ok: false,
        error: { code: 'invalid-status-change', message: WITHDRAWAL_MESSAGES.transition('recue', 'remboursee') },
      });
      expect(await admin.changeWithdrawal(number, 'remboursee')).toEqual({
        ok: false,
        error: { code: 'invalid-status-change', message: WITHDRAWAL_MESSAGES.transition('recue', 'remboursee') },
      });
      for (const who of ['visitor', 'shopper'] as const) expect(await backend.device(who).repository.changeWithdrawal(number, 'retournee')).toEqual(notAdmin);
      expect(await recordWithdrawalReturn({ orders: admin }, number)).toMatchObject({
        ok: true,
        value: { withdrawal: { status: 'retournee', returnedAt: expect.any(String) } },
      });
      expect(await recordWithdrawalRefund({ orders: admin }, number)).toMatchObject({
        ok: true,
        value: { withdrawal: { status: 'remboursee', refundedAt: expect.any(String) } },
      });
      expect(await admin.changeWithdrawal(number, 'retournee')).toEqual({
        ok: false,
        error: { code: 'invalid-status-change', message: WITHDRAWAL_MESSAGES.transition('remboursee', 'retournee') },
      });
      expect(await buyer.get(number)).toMatchObject({ ok: true, value: { withdrawal: { status: 'remboursee' } } });
    });
  });
}
