import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { OrderStatus } from '@/domain/order/order-status';
import { summarizeOrders } from '@/domain/order/order-summary';
import { CLOCK } from '@/ports/clock';
import { ORDER_REPOSITORY } from '@/ports/order-repository';
import { useService } from '../../../di/container-context';
import { orderQuery } from '../../../query/order-query';
import { orderKeys } from '../../../query/query-keys';
import { valueOf } from '../../../query/result-query';

/** Every order, or those of one status (and those withdrawn from), newest first. */
export function useAdminOrders(status: OrderStatus | undefined, withdrawn = false) {
  const orders = useService(ORDER_REPOSITORY);
  return useQuery({
    queryKey: orderKeys.list(status, withdrawn),
    queryFn: async () => valueOf(await orders.listAll({ ...(status && { status }), ...(withdrawn && { withdrawn }) })),
    placeholderData: keepPreviousData,
  });
}

/** The order with this number (under the same key as the shopper's confirmation page); none: a 'not-found' error. */
export function useAdminOrder(number: string) {
  const orders = useService(ORDER_REPOSITORY);
  return useQuery(orderQuery(orders, number));
}

/** The dashboard's figures: orders by status, and today's revenue in Paris (the Clock's today). */
export function useOrderSummary() {
  const orders = useService(ORDER_REPOSITORY);
  const clock = useService(CLOCK);
  return useQuery({
    queryKey: orderKeys.summary(),
    queryFn: async () => summarizeOrders(valueOf(await orders.listAll({})), clock.now()),
  });
}
