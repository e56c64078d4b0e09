import { isOrderNumber } from '@/domain/order/order-number';
import type { OrderChange, OrderChanges } from '@/ports/order-changes';
import { ORDER_CHANGES_CHANNEL } from '@/domain/storage-keys';
import { BroadcastChanges, openBroadcastChannel } from './broadcast-changes';

/** A well-formed order change, its two fields alone; null for anything else. */
function orderChangeFrom(data: unknown): OrderChange | null {
  const { number, kind } = (data ?? {}) as Partial<Record<keyof OrderChange, unknown>>;
  return typeof number === 'string' && isOrderNumber(number) && (kind === 'placed' || kind === 'status-changed') ? { number, kind } : null;
}

/**
 * Order changes between the tabs of this browser (BroadcastChanges): the local
 * OrderRepository announces each order placed and each status changed, and the back office's
 * open pages, in any tab, fetch again.
 */
export class BroadcastOrderChanges extends BroadcastChanges<OrderChange> implements OrderChanges {
  constructor(channel: BroadcastChannel | null) {
    super(channel, orderChangeFrom);
  }
}

/** A new adapter on the shop's orders channel: the composition root opens one per container. */
export function openOrderChanges(): BroadcastOrderChanges {
  return new BroadcastOrderChanges(openBroadcastChannel(ORDER_CHANGES_CHANNEL));
}
