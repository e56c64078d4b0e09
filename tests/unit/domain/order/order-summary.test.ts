import { describe, expect, it } from 'vitest';
import { summarizeOrders } from '@/domain/order/order-summary';
import type { DeliveryMethod } from '@/domain/order/order-constants';
import { ORDER_STATUSES, type OrderStatus } from '@/domain/order/order-status';
import type { OrderPayment } from '@/domain/order/payment';
import type { Withdrawal, WithdrawalStatus } from '@/domain/order/withdrawal';

const CARD: OrderPayment = { method: 'carte', last4: '4242', reference: 'SIMU-1' };
const ON_DELIVERY: OrderPayment = { method: 'a-la-livraison' };

interface Fixture {
  payment?: OrderPayment;
  deliveryMethod?: DeliveryMethod;
  deliveredAt?: string | null;
  withdrawals?: Withdrawal[];
}
const order = (status: OrderStatus, placedAt: string, totalCents: number, more: Fixture = {}) => ({
  status,
  placedAt,
  lines: [{ productId: 'p', name: 'Produit', unitPriceCents: totalCents, quantity: 1, picture: '', vatRate: 2000 as const }],
  totals: { subtotalCents: totalCents, deliveryCents: 0, totalCents, vatIncludedCents: 0, vatByRate: [] },
  payment: more.payment ?? CARD,
  deliveryMethod: more.deliveryMethod ?? 'domicile',
  deliveredAt: more.deliveredAt ?? null,
  withdrawals: more.withdrawals ?? [],
});
const withdrawn = (status: WithdrawalStatus, number = 1): Withdrawal => ({
  number,
  status,
  beforeShipping: false,
  lines: [{ line: 0, quantity: 1 }],
  receivedAt: '2026-11-20T10:00:00Z',
  returnedAt: null,
  refundedAt: null,
});

// 23 November 2026, 15:00 in Paris.
const NOW = Date.parse('2026-11-23T14:00:00Z');

describe('the dashboard’s order summary', () => {
  it('no orders: every status at 0, nothing cashed', () => {
    expect(summarizeOrders([], NOW)).toEqual({
      countsByStatus: Object.fromEntries(ORDER_STATUSES.map((status) => [status, 0])),
      todayRevenueCents: 0,
      todayOrders: 0,
      withdrawalsToHandle: 0,
    });
  });

  it('counts the withdrawals to handle, each of an order on its own: received, returned or to refund; not those refunded or closed', () => {
    const delivered = { deliveredAt: '2026-11-12T09:00:00Z' };
    const orders = [
      order('livree', '2026-11-10T09:00:00Z', 100, { ...delivered, withdrawals: [withdrawn('recue')] }),
      order('livree', '2026-11-10T09:00:00Z', 100, { ...delivered, withdrawals: [withdrawn('retournee')] }),
      order('livree', '2026-11-10T09:00:00Z', 100, { ...delivered, withdrawals: [withdrawn('remboursee')] }),
      order('livree', '2026-11-10T09:00:00Z', 100, { ...delivered, withdrawals: [withdrawn('close'), withdrawn('a-rembourser', 2), withdrawn('recue', 3)] }),
      order('livree', '2026-11-10T09:00:00Z', 100, delivered),
    ];
    expect(summarizeOrders(orders, NOW).withdrawalsToHandle).toBe(4);
  });

  it('counts orders by status, and sums what was paid today in Paris: by card when placed, on delivery or at the shop when handed over', () => {
    const orders = [
      order('payee', '2026-11-23T09:00:00Z', 4960), // card, paid today
      order('expediee', '2026-11-22T23:30:00Z', 1000), // card, 00:30 on the 23rd in Paris: today
      order('payee', '2026-11-22T22:30:00Z', 2000), // card, 23:30 on the 22nd in Paris: yesterday
      order('en-attente-paiement', '2026-11-23T10:00:00Z', 3000), // card, the provider has not confirmed it
      order('annulee', '2026-11-23T10:00:00Z', 9900), // card, cancelled
      order('en-attente', '2026-11-23T10:00:00Z', 11840, { payment: ON_DELIVERY }), // to be paid on delivery: nothing yet
      order('expediee', '2026-11-20T10:00:00Z', 7000, { payment: ON_DELIVERY }), // shipped, not paid yet
      order('livree', '2026-11-20T10:00:00Z', 390, { payment: ON_DELIVERY, deliveredAt: '2026-11-23T09:00:00Z' }), // paid to the carrier today
      order('livree', '2026-11-20T10:00:00Z', 500, { payment: ON_DELIVERY, deliveredAt: '2026-11-22T09:00:00Z' }), // … yesterday
      order('prete', '2026-11-23T08:00:00Z', 800, { payment: ON_DELIVERY, deliveryMethod: 'retrait-boutique' }), // ready, not paid
      order('retiree', '2026-11-21T08:00:00Z', 60, { payment: ON_DELIVERY, deliveryMethod: 'retrait-boutique', deliveredAt: '2026-11-23T13:00:00Z' }), // paid at the shop today
    ];
    expect(summarizeOrders(orders, NOW)).toEqual({
      countsByStatus: { 'en-attente-paiement': 1, 'en-attente': 1, payee: 2, prete: 1, expediee: 2, livree: 2, retiree: 1, annulee: 1 },
      todayRevenueCents: 4960 + 1000 + 390 + 60,
      todayOrders: 4,
      withdrawalsToHandle: 0,
    });
  });
});
