// Property test (fast-check): whatever statuses the back office asks for, in whatever order, an
// order only moves along « en attente » → « payée » → « expédiée » → « livrée », may be cancelled
// before it leaves, and never moves again once delivered or cancelled; its totals never change.
// Real changeOrderStatus over the fake order repository and a fake clock; a failure prints the sequence.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { changeOrderStatus } from '@/domain/order/change-order-status';
import type { OrderableProduct } from '@/domain/order/order';
import { ORDER_STATUSES, type OrderStatus } from '@/domain/order/order-status';
import { FakeClock } from '../../fakes/fake-clock';
import { FakeOrderRepository } from '../../fakes/fake-order-repository';

const RUNS = Number(process.env.PROPERTY_RUNS ?? 100);

const THEIERE: OrderableProduct = { id: 'theiere-fonte', name: 'Théière en fonte', price: 24.9, images: [], inStock: true, stock: 50, vatRate: 2000 };

/** The model, written apart from ORDER_TRANSITIONS: the main line, and a cancellation before shipping. */
const MAIN_LINE: readonly OrderStatus[] = ['en-attente', 'payee', 'expediee', 'livree'];
function allowed(from: OrderStatus, to: OrderStatus): boolean {
  if (to === 'annulee') return from === 'en-attente' || from === 'payee';
  const at = MAIN_LINE.indexOf(from);
  return at >= 0 && MAIN_LINE[at + 1] === to;
}

describe('an order’s status, whatever the back office asks (fast-check)', () => {
  it('follows the allowed transitions only, ends at « livrée » or « annulée », and keeps its totals', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 20 }), fc.array(fc.constantFrom(...ORDER_STATUSES), { maxLength: 12 }), async (quantity, asked) => {
        const clock = new FakeClock('2026-11-23T10:00:00Z');
        const orders = new FakeOrderRepository(clock, new Map([[THEIERE.id, THEIERE]]));
        const placed = await orders.place({
          contact: { name: 'Claire Martin', email: 'claire@exemple.fr', phone: null },
          address: { street: '12 rue des Lilas', postalCode: '75011', city: 'Paris', country: 'France' },
          deliveryMethod: 'domicile',
          relayPoint: null,
          lines: [{ productId: THEIERE.id, quantity }],
          payment: { method: 'a-la-livraison' },
        });
        if (!placed.ok) throw new Error(placed.error.message);
        const { number, totals } = placed.value;
        let status: OrderStatus = 'en-attente';
        for (const to of asked) {
          const result = await changeOrderStatus({ orders }, { number, to });
          expect(result.ok).toBe(allowed(status, to));
          if (result.ok) status = to;
          const stored = orders.orders.find((o) => o.number === number)!;
          expect(stored.status).toBe(status);
          expect(stored.totals).toEqual(totals);
          expect(stored.deliveredAt !== null).toBe(status === 'livree');
          clock.advance(3_600_000);
        }
      }),
      { numRuns: RUNS },
    );
  });
});
