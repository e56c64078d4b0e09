import type { Order } from './order';
import { isPaid, ORDER_STATUSES, type OrderStatus } from './order-status';
import { parisDay } from './paris-calendar';
import { withdrawalToHandle } from './withdrawal';
import { dueTotals } from './withdrawn-order';

type Summarized = Pick<Order, 'status' | 'placedAt' | 'lines' | 'totals' | 'withdrawals' | 'payment' | 'deliveryMethod' | 'deliveredAt'>;

/**
 * When a paid order's money came in: a card order when it was placed (the provider confirms the
 * payment then); an order paid on delivery or at the shop when handed over (delivered, collected).
 * Null for an order not paid (yet, or cancelled).
 */
function paidAt(order: Summarized): string | null {
  if (!isPaid(order)) return null;
  return order.payment.method === 'carte' ? order.placedAt : order.deliveredAt;
}

/** The back office's dashboard: orders by status, and what came in today. */
export interface OrderSummary {
  countsByStatus: Readonly<Record<OrderStatus, number>>;
  /** Totals TTC of the orders paid today in Paris (paidAt): what the shop has cashed, not what it expects. */
  todayRevenueCents: number;
  /** How many orders were paid today. */
  todayOrders: number;
  /** Withdrawals received, whose goods came back or to refund, not yet refunded: the owner has something to do. */
  withdrawalsToHandle: number;
}

export function summarizeOrders(orders: readonly Summarized[], now: number): OrderSummary {
  const counts = Object.fromEntries(ORDER_STATUSES.map((status) => [status, 0])) as Record<OrderStatus, number>;
  const today = parisDay(now);
  let todayRevenueCents = 0;
  let todayOrders = 0;
  let withdrawalsToHandle = 0;
  for (const order of orders) {
    counts[order.status] += 1;
    withdrawalsToHandle += order.withdrawals.filter(withdrawalToHandle).length;
    const paid = paidAt(order);
    if (paid === null || parisDay(Date.parse(paid)) !== today) continue;
    // What the order still comes to: lines withdrawn before shipping are not paid (or are refunded).
    todayRevenueCents += dueTotals(order).totalCents;
    todayOrders += 1;
  }
  return { countsByStatus: counts, todayRevenueCents, todayOrders, withdrawalsToHandle };
}
