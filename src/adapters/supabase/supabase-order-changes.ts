import type { RealtimePostgresChangesPayload, SupabaseClient } from '@supabase/supabase-js';
import { isOrderNumber } from '@/domain/order/order-number';
import type { Logger } from '@/ports/logger';
import type { OrderChange, OrderChanges, OrderNews } from '@/ports/order-changes';
import { SupabaseTableChanges, type Row } from './supabase-table-changes';

/**
 * The order change a postgres_changes event on `orders` says, or null: a new row is an order
 * placed (place_order), an updated one a status changed (nothing else of an order may change:
 * the orders_status_transition trigger). Orders are never deleted. Realtime applies row-level
 * security, so only an admin's channel hears these events at all.
 */
function orderChangeOf(payload: RealtimePostgresChangesPayload<Row>): OrderChange | null {
  if (payload.eventType === 'DELETE') return null;
  const number = payload.new?.number;
  if (typeof number !== 'string' || !isOrderNumber(number)) return null;
  return { number, kind: payload.eventType === 'INSERT' ? 'placed' : 'status-changed' };
}

/** Order changes through a Realtime channel on `orders` (supabase-table-changes.ts). */
export class SupabaseOrderChanges extends SupabaseTableChanges<OrderNews> implements OrderChanges {
  constructor(client: SupabaseClient, logger: Logger) {
    super(client, logger, { name: 'order-changes', tables: ['orders'], changeOf: orderChangeOf, missed: { kind: 'missed' } });
  }
}
