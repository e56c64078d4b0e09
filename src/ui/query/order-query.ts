import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { ORDER_CHANGES } from '@/ports/order-changes';
import { useService } from '../di/container-context';
import type { OrderRepository } from '@/ports/order-repository';
import { orderKeys } from './query-keys';
import { isFailure, valueOf } from './result-query';

/**
 * One order, as the shopper's confirmation page and the back office both read it: under one key
 * (orderKeys.detail), so a status change or a placed order seen by one is seen by the other.
 * An unknown number is the query's error, a ResultError with the code 'not-found'.
 */
export function orderQuery(orders: OrderRepository, number: string) {
  return queryOptions({
    queryKey: orderKeys.detail(number),
    queryFn: async () => valueOf(await orders.get(number)),
    // « Introuvable » is the repository's answer, not a glitch: asked again, it would say the same.
    retry: (failures, error) => !isFailure(error, 'not-found') && failures < 3,
  });
}

/**
 * An order placed or moved elsewhere (another tab; on Supabase, any device) marks every order
 * query stale (the back office's and the shopper's: orderKeys.all): the open page fetches
 * again, without a reload.
 */
export function useOrderChangesRefetch(): void {
  const changes = useService(ORDER_CHANGES);
  const queryClient = useQueryClient();
  useEffect(() => changes.subscribe(() => void queryClient.invalidateQueries({ queryKey: orderKeys.all })), [changes, queryClient]);
}
