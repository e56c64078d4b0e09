import { fail, ok, type Result } from '../result';
import type { Order } from './order';
import { hasLeftTheShop, isPaid } from './order-status';
import { vatByRate, type OrderTotals } from './order-totals';
import { checkWithdrawnLines, remainingQuantities, withdrawalWindow, type Withdrawal, type WithdrawnLine } from './withdrawal';

/** The units of each line cancelled by withdrawals received before the goods left the shop. */
export function cancelledQuantities(order: Pick<Order, 'lines' | 'withdrawals'>): number[] {
  const cancelled = order.lines.map(() => 0);
  for (const withdrawal of order.withdrawals) {
    if (!withdrawal.beforeShipping) continue;
    for (const { line, quantity } of withdrawal.lines) if (cancelled[line] !== undefined) cancelled[line] += quantity;
  }
  return cancelled;
}

/** The order's lines as they stand after the cancelled units (those withdrawn before shipping), empty lines left out. */
function linesStillOrdered(order: Pick<Order, 'lines' | 'withdrawals'>) {
  const cancelled = cancelledQuantities(order);
  return order.lines.map((line, index) => ({ ...line, quantity: line.quantity - cancelled[index]! })).filter((line) => line.quantity > 0);
}

/**
 * What the order comes to once the lines withdrawn before shipping are cancelled: what remains
 * due (or paid for). The delivery fee stays as placed (a withdrawal never raises it past the free
 * delivery threshold) unless every line is cancelled. Withdrawals after shipping change nothing
 * here: those goods were delivered and are refunded when they come back.
 */
export function dueTotals(order: Pick<Order, 'lines' | 'withdrawals' | 'totals'>): OrderTotals {
  if (!order.withdrawals.some((w) => w.beforeShipping)) return order.totals;
  const lines = linesStillOrdered(order);
  if (lines.length === 0) return { subtotalCents: 0, deliveryCents: 0, totalCents: 0, vatIncludedCents: 0, vatByRate: [] };
  const subtotalCents = lines.reduce((sum, line) => sum + line.unitPriceCents * line.quantity, 0);
  const deliveryCents = order.totals.deliveryCents;
  const byRate = vatByRate(lines, deliveryCents);
  return {
    subtotalCents,
    deliveryCents,
    totalCents: subtotalCents + deliveryCents,
    vatIncludedCents: byRate.reduce((sum, rate) => sum + rate.vatCents, 0),
    vatByRate: byRate,
  };
}

/** How many units of each product the order still holds from the stock (a cancellation gives these back). */
export function unitsStillTaken(order: Pick<Order, 'lines' | 'withdrawals'>): ReadonlyMap<string, number> {
  const taken = new Map<string, number>();
  for (const line of linesStillOrdered(order)) taken.set(line.productId, (taken.get(line.productId) ?? 0) + line.quantity);
  return taken;
}

/**
 * What withdrawal `withdrawal` gives back to the buyer: its lines' prices, plus the delivery fee
 * when it leaves nothing of the order (L. 221-24: the whole contract withdrawn, the delivery too).
 */
export function withdrawalAmountCents(order: Pick<Order, 'lines' | 'withdrawals' | 'totals'>, withdrawal: Withdrawal): number {
  const lines = withdrawal.lines.reduce((sum, { line, quantity }) => sum + (order.lines[line]?.unitPriceCents ?? 0) * quantity, 0);
  const upToIt = { lines: order.lines, withdrawals: order.withdrawals.filter((w) => w.number <= withdrawal.number) };
  return remainingQuantities(upToIt).every((left) => left <= 0) ? lines + order.totals.deliveryCents : lines;
}

/** An order with a new withdrawal, and the units that go back to the stock at once. */
export interface WithdrawnOrder {
  order: Order;
  withdrawal: Withdrawal;
  /** Product id → units back to the stock: the lines cancelled before shipping; none after. */
  restock: ReadonlyMap<string, number>;
}

/**
 * The buyer's withdrawal of `lines` from `order` at `now` (ms), as every adapter records it: within
 * the period (withdrawalWindow), lines that remain (checkWithdrawnLines). Before the goods leave,
 * its lines are cancelled: their units go back to the stock, the withdrawal needs no return (« à
 * rembourser » if the order was paid, closed otherwise), and withdrawing all that remains cancels
 * the order. The database's withdraw_from_order does the same.
 */
export function withdrawOrder(order: Order, lines: readonly WithdrawnLine[], now: number): Result<WithdrawnOrder> {
  const window = withdrawalWindow(order, now);
  if (!window.open) return fail('withdrawal-closed', window.message);
  const checked = checkWithdrawnLines(order, lines);
  if (!checked.ok) return checked;
  const beforeShipping = !hasLeftTheShop(order.status);
  const withdrawal: Withdrawal = {
    number: order.withdrawals.length + 1,
    receivedAt: new Date(now).toISOString(),
    lines: checked.value,
    beforeShipping,
    status: beforeShipping ? (isPaid(order) ? 'a-rembourser' : 'close') : 'recue',
    returnedAt: null,
    refundedAt: null,
  };
  const withdrawals = [...order.withdrawals, withdrawal];
  const nothingLeft = remainingQuantities({ lines: order.lines, withdrawals }).every((left) => left <= 0);
  const restock = new Map<string, number>();
  if (beforeShipping) {
    for (const { line, quantity } of withdrawal.lines) {
      const productId = order.lines[line]!.productId;
      restock.set(productId, (restock.get(productId) ?? 0) + quantity);
    }
  }
  const status = beforeShipping && nothingLeft ? 'annulee' : order.status;
  return ok({ order: { ...order, status, withdrawals }, withdrawal, restock });
}
