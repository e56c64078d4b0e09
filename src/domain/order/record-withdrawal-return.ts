import type { OrderRepository } from '@/ports/order-repository';
import type { Result } from '../result';
import type { Order } from './order';
import { checkWithdrawalChange } from './withdrawal';

/** The back office's « Articles retournés »: a withdrawal received becomes « articles retournés ». */
export async function recordWithdrawalReturn(
  { orders }: { orders: Pick<OrderRepository, 'get' | 'changeWithdrawal'> },
  number: string,
  withdrawal: number,
): Promise<Result<Order>> {
  const current = await orders.get(number);
  if (!current.ok) return current;
  const checked = checkWithdrawalChange(current.value.withdrawals, withdrawal, 'retournee');
  return checked.ok ? orders.changeWithdrawal(number, withdrawal, 'retournee') : checked;
}
