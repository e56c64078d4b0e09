// Property test (fast-check): whatever statuses the back office and the payment provider ask for,
// in whatever order, on any of the four ways to pay and to deliver, an order only moves along its
// own path: a card order waits for the provider, who alone confirms or gives up its payment; then
// it is shipped and delivered, or made ready and collected; an order paid on delivery is shipped
// then delivered; one paid at the shop is made ready then collected. The owner may cancel what
// has not left the shop (a card order once paid); nothing moves once delivered, collected or
// cancelled; the moment it is handed over is kept; its totals never change.
// Real changeOrderStatus over the fake order repository and a fake clock; a failure prints the sequence.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { changeOrderStatus } from '@/domain/order/change-order-status';
import type { OrderableProduct } from '@/domain/order/order';
import { DELIVERY_METHODS } from '@/domain/order/order-constants';
import { checkStatusChange, ORDER_STATUSES, type OrderStatus, type StatusActor } from '@/domain/order/order-status';
import type { OrderPayment } from '@/domain/order/payment';
import { FakeClock } from '../../fakes/fake-clock';
import { FakeOrderRepository } from '../../fakes/fake-order-repository';

const RUNS = Number(process.env.PROPERTY_RUNS ?? 100);

const THEIERE: OrderableProduct = { id: 'theiere-fonte', name: 'Théière en fonte', price: 24.9, images: [], inStock: true, stock: 50, vatRate: 2000 };
const RELAY = { id: 'DEMO-69002-01', name: 'Papeterie Bellecour', street: '14 rue de la Charité', postalCode: '69002', city: 'Lyon' };
const PAYMENTS: readonly OrderPayment[] = [{ method: 'carte', last4: '4242', reference: 'SIMU-1' }, { method: 'a-la-livraison' }];

/**
 * The model, written apart from ORDER_STEPS: where each way starts, the owner's line after it,
 * and where the owner may still cancel.
 */
function model(card: boolean, pickup: boolean) {
  const start: OrderStatus = card ? 'en-attente-paiement' : 'en-attente';
  const owned: OrderStatus = card ? 'payee' : 'en-attente';
  const line: readonly OrderStatus[] = pickup ? [owned, 'prete', 'retiree'] : [owned, 'expediee', 'livree'];
  const cancellable: readonly OrderStatus[] = pickup ? [owned, 'prete'] : [owned];
  const allowed = (from: OrderStatus, to: OrderStatus, by: StatusActor): boolean => {
    if (from === 'en-attente-paiement') return card && by === 'provider' && (to === 'payee' || to === 'annulee');
    if (by === 'provider') return false;
    if (to === 'annulee') return cancellable.includes(from);
    const at = line.indexOf(from);
    return at >= 0 && line[at + 1] === to;
  };
  return { start, allowed };
}

describe('an order’s status, whatever the back office and the provider ask, on every path (fast-check)', () => {
  it('follows its path’s steps by their actor only, ends handed over or cancelled, keeps when it was handed over, and keeps its totals', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...PAYMENTS),
        fc.constantFrom(...DELIVERY_METHODS),
        fc.integer({ min: 1, max: 20 }),
        fc.array(fc.record({ to: fc.constantFrom(...ORDER_STATUSES), by: fc.constantFrom<StatusActor>('owner', 'provider') }), { maxLength: 12 }),
        async (payment, deliveryMethod, quantity, asked) => {
          const clock = new FakeClock('2026-11-23T10:00:00Z');
          const orders = new FakeOrderRepository(clock, new Map([[THEIERE.id, THEIERE]]));
          const pickup = deliveryMethod === 'retrait-boutique';
          const placed = await orders.place({
            contact: { name: 'Claire Martin', email: 'claire@exemple.fr', phone: null },
            address: pickup ? null : { street: '12 rue des Lilas', postalCode: '75011', city: 'Paris', country: 'France' },
            deliveryMethod,
            relayPoint: deliveryMethod === 'point-relais' ? RELAY : null,
            lines: [{ productId: THEIERE.id, quantity }],
            payment,
          });
          if (!placed.ok) throw new Error(placed.error.message);
          const { number, totals } = placed.value;
          const { start, allowed } = model(payment.method === 'carte', pickup);
          await orders.changeStatus(number, start);
          let status: OrderStatus = start;
          let handedOverAt: string | null = null;
          for (const { to, by } of asked) {
            // The owner through the back office's use case; the provider through its stand-in, which checks the same table.
            const result =
              by === 'owner'
                ? await changeOrderStatus({ orders }, { number, to })
                : checkStatusChange(
                    orders.orders.find((o) => o.number === number)!,
                    to,
                    'provider',
                  );
            if (by === 'provider' && result.ok) await orders.changeStatus(number, to);
            expect(result.ok).toBe(allowed(status, to, by));
            if (result.ok) {
              status = to;
              if (to === 'livree' || to === 'retiree') handedOverAt = new Date(clock.now()).toISOString();
            }
            const stored = orders.orders.find((o) => o.number === number)!;
            expect(stored.status).toBe(status);
            expect(stored.totals).toEqual(totals);
            expect(stored.deliveredAt).toBe(handedOverAt);
            clock.advance(3_600_000);
          }
        },
      ),
      { numRuns: RUNS },
    );
  });
});
