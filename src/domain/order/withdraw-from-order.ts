import type { Clock } from '@/ports/clock';
import type { OrderRepository } from '@/ports/order-repository';
import { fail, type Result } from '../result';
import type { Order } from './order';
import { checkWithdrawnLines, withdrawalWindow, type WithdrawnLine } from './withdrawal';

/**
 * « Confirmer la rétractation »: the order as it is now, still within its period (withdrawalWindow,
 * by the clock), the lines chosen checked against it, then the repository records the withdrawal
 * and sends the acknowledgement. On Supabase the database checks the period and the lines again.
 */
export async function withdrawFromOrder(
  { orders, clock }: { orders: Pick<OrderRepository, 'get' | 'withdraw'>; clock: Pick<Clock, 'now'> },
  { number, lines, secret }: { number: string; lines: readonly WithdrawnLine[]; secret?: string },
): Promise<Result<Order>> {
  const current = await orders.get(number, secret);
  if (!current.ok) return current;
  const window = withdrawalWindow(current.value, clock.now());
  if (!window.open) return fail('withdrawal-closed', window.message);
  const checked = checkWithdrawnLines(current.value, lines);
  if (!checked.ok) return checked;
  return orders.withdraw(number, checked.value, secret);
}
