import type { OrderRepository } from '@/ports/order-repository';
import type { Result } from '../result';
import type { Order } from './order';
import { checkStatusChange, type OrderStatus } from './order-status';

/**
 * The back office's « Marquer comme payée / expédiée / livrée » and « Annuler la commande »: the
 * order is read as it is now (another tab or device may have moved it since the page showed it),
 * the change is checked against the order's path (ORDER_STEPS) (checkStatusChange's French reason otherwise),
 * then the repository saves it (and, for a cancelled order, gives its units back to the stock).
 * On Supabase the database enforces the same table again.
 */
export async function changeOrderStatus(
  { orders }: { orders: Pick<OrderRepository, 'get' | 'changeStatus'> },
  { number, to }: { number: string; to: OrderStatus },
): Promise<Result<Order>> {
  const current = await orders.get(number);
  if (!current.ok) return current;
  const checked = checkStatusChange(current.value, to);
  if (!checked.ok) return checked;
  return orders.changeStatus(number, to);
}
