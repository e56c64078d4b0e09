import { describe, expect, it } from 'vitest';
import { REVENUE_STATUSES, summarizeOrders } from '@/domain/order/order-summary';
import type { OrderStatus } from '@/domain/order/order-status';
import type { Withdrawal, WithdrawalStatus } from '@/domain/order/withdrawal';

const order = (status: OrderStatus, placedAt: string, totalCents: number, ...withdrawals: Withdrawal[]) => ({
  status,
  placedAt,
  totals: { subtotalCents: totalCents, deliveryCents: 0, totalCents, vatIncludedCents: 0, vatByRate: [] },
  withdrawals,
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
  it('no orders: every status at 0, no revenue', () => {
    expect(summarizeOrders([], NOW)).toEqual({
      countsByStatus: { 'en-attente': 0, payee: 0, expediee: 0, livree: 0, annulee: 0 },
      todayRevenueCents: 0,
      todayOrders: 0,
      withdrawalsToHandle: 0,
    });
  });

  it('counts the withdrawals to handle, each of an order on its own: received, returned or to refund; not those refunded or closed', () => {
    const orders = [
      order('livree', '2026-11-10T09:00:00Z', 100, withdrawn('recue')),
      order('livree', '2026-11-10T09:00:00Z', 100, withdrawn('retournee')),
      order('livree', '2026-11-10T09:00:00Z', 100, withdrawn('remboursee')),
      order('livree', '2026-11-10T09:00:00Z', 100, withdrawn('close'), withdrawn('a-rembourser', 2), withdrawn('recue', 3)),
      order('livree', '2026-11-10T09:00:00Z', 100),
    ];
    expect(summarizeOrders(orders, NOW).withdrawalsToHandle).toBe(4);
  });

  it('counts orders by status, and sums today’s totals in Paris, cancelled ones left out', () => {
    const orders = [
      order('payee', '2026-11-23T09:00:00Z', 4960),
      order('en-attente', '2026-11-22T23:30:00Z', 1000), // 00:30 on the 23rd in Paris: today
      order('expediee', '2026-11-22T22:30:00Z', 2000), // 23:30 on the 22nd in Paris: yesterday
      order('annulee', '2026-11-23T10:00:00Z', 9900),
      order('payee', '2026-11-23T13:59:00Z', 390),
    ];
    expect(summarizeOrders(orders, NOW)).toEqual({
      countsByStatus: { 'en-attente': 1, payee: 2, expediee: 1, livree: 0, annulee: 1 },
      todayRevenueCents: 4960 + 1000 + 390,
      todayOrders: 3,
      withdrawalsToHandle: 0,
    });
  });

  it('the day’s revenue counts the orders of every status but « annulée »', () => {
    expect(REVENUE_STATUSES).toEqual(['en-attente', 'payee', 'expediee', 'livree']);
    // One order of each status today, each of its own amount: the sum says which were counted.
    const orders = [
      order('en-attente', '2026-11-23T08:00:00Z', 1),
      order('payee', '2026-11-23T08:00:00Z', 10),
      order('expediee', '2026-11-23T08:00:00Z', 100),
      order('livree', '2026-11-23T08:00:00Z', 1000),
      order('annulee', '2026-11-23T08:00:00Z', 10000),
    ];
    const summary = summarizeOrders(orders, NOW);
    expect(summary.todayRevenueCents).toBe(1111);
    expect(summary.todayOrders).toBe(4);
    expect(summary.countsByStatus.annulee).toBe(1);
  });
});
