import type { Order } from './order';
import { ORDER_STATUSES, type OrderStatus } from './order-status';
import { parisDay } from './paris-calendar';
import { withdrawalToHandle } from './withdrawal';

/**
 * The statuses whose orders count in the day's revenue: every one but « annulée ». An order
 * waiting for its payment on delivery is money the shop expects; a cancelled one brings nothing.
 */
export const REVENUE_STATUSES: readonly OrderStatus[] = ORDER_STATUSES.filter((status) => status !== 'annulee');

/** The back office's dashboard: orders by status, and what today's orders bring in. */
export interface OrderSummary {
  countsByStatus: Readonly<Record<OrderStatus, number>>;
  /** Totals TTC of the orders placed today in Paris, of REVENUE_STATUSES only. */
  todayRevenueCents: number;
  todayOrders: number;
  /** Withdrawals received, whose goods came back or to refund, not yet refunded: the owner has something to do. */
  withdrawalsToHandle: number;
}

export function summarizeOrders(orders: readonly Pick<Order, 'status' | 'placedAt' | 'totals' | 'withdrawals'>[], now: number): OrderSummary {
  const counts = Object.fromEntries(ORDER_STATUSES.map((status) => [status, 0])) as Record<OrderStatus, number>;
  const today = parisDay(now);
  let todayRevenueCents = 0;
  let todayOrders = 0;
  let withdrawalsToHandle = 0;
  for (const order of orders) {
    counts[order.status] += 1;
    withdrawalsToHandle += order.withdrawals.filter(withdrawalToHandle).length;
    if (!REVENUE_STATUSES.includes(order.status) || parisDay(Date.parse(order.placedAt)) !== today) continue;
    todayRevenueCents += order.totals.totalCents;
    todayOrders += 1;
  }
  return { countsByStatus: counts, todayRevenueCents, todayOrders, withdrawalsToHandle };
}
