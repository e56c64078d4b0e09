import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { Order } from '../../../../domain/order/order';
import type { OrderStatus } from '../../../../domain/order/order-status';
import { summarizeOrders } from '../../../../domain/order/order-summary';
import { CLOCK } from '../../../../ports/clock';
import { ORDER_CHANGES } from '../../../../ports/order-changes';
import { ORDER_REPOSITORY } from '../../../../ports/order-repository';
import { useService } from '../../../di/container-context';
import { valueOf } from '../../../query/result-query';

/** The back office's order queries, under one key: a change of any order refreshes them all. */
export const adminOrderKeys = {
  all: ['admin', 'orders'] as const,
  list: (status: OrderStatus | undefined) => [...adminOrderKeys.all, 'list', status ?? 'toutes'] as const,
  order: (number: string) => [...adminOrderKeys.all, 'order', number] as const,
  summary: () => [...adminOrderKeys.all, 'summary'] as const,
};

/** Every order, or those of one status, newest first. */
export function useAdminOrders(status: OrderStatus | undefined) {
  const orders = useService(ORDER_REPOSITORY);
  return useQuery({
    queryKey: adminOrderKeys.list(status),
    queryFn: async () => valueOf(await orders.listAll(status ? { status } : {})),
    placeholderData: keepPreviousData,
  });
}

/** The order with this number, or null when there is none. */
export function useAdminOrder(number: string) {
  const orders = useService(ORDER_REPOSITORY);
  return useQuery({
    queryKey: adminOrderKeys.order(number),
    queryFn: async (): Promise<Order | null> => {
      const found = await orders.get(number);
      return !found.ok && found.error.code === 'not-found' ? null : valueOf(found);
    },
  });
}

/** The dashboard's figures: orders by status, and today's revenue in Paris (the Clock's today). */
export function useOrderSummary() {
  const orders = useService(ORDER_REPOSITORY);
  const clock = useService(CLOCK);
  return useQuery({
    queryKey: adminOrderKeys.summary(),
    queryFn: async () => summarizeOrders(valueOf(await orders.listAll({})), clock.now()),
  });
}

/**
 * An order placed or moved elsewhere (another tab; on Supabase, any device) marks every order
 * query stale: the open page fetches again, without a reload.
 */
export function useOrderChangesRefetch(): void {
  const changes = useService(ORDER_CHANGES);
  const queryClient = useQueryClient();
  useEffect(() => changes.subscribe(() => void queryClient.invalidateQueries({ queryKey: adminOrderKeys.all })), [changes, queryClient]);
}
