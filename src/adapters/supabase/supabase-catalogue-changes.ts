import type { RealtimePostgresChangesPayload, SupabaseClient } from '@supabase/supabase-js';
import type { CatalogueChange, CatalogueChanges, CatalogueNews } from '@/ports/catalogue-changes';
import type { Logger } from '@/ports/logger';
import { SupabaseTableChanges, type Row } from './supabase-table-changes';

/** Spec §9: the Realtime connection sends a heartbeat every 25 s… */
export const REALTIME_HEARTBEAT_INTERVAL_MS = 25_000;
/** …and gives up on an answer (a join, a heartbeat's reply) after 10 s. */
export const REALTIME_TIMEOUT_MS = 10_000;

/** The product tables whose changes Realtime streams (migration 20261123200000_catalogue_realtime.sql). */
const TABLES = ['products', 'product_images'] as const;

/**
 * The catalogue change a postgres_changes event says, or null. Realtime applies row-level
 * security: a visitor hears of published products only, and a DELETE carries the deleted row's
 * primary key alone (docs: « Postgres Changes », old records under RLS). So a deleted product
 * names itself, while a deleted picture names only the picture: null here, and its product's
 * own UPDATE (the migration's trigger touches it) names the product.
 */
export function catalogueChangeOf(payload: RealtimePostgresChangesPayload<Row>): CatalogueChange | null {
  const deleted = payload.eventType === 'DELETE';
  const row: Partial<Row> = (deleted ? payload.old : payload.new) ?? {};
  const id = payload.table === 'products' ? row.id : row.product_id;
  if (typeof id !== 'number' && typeof id !== 'string') return null;
  return { productId: String(id), kind: deleted && payload.table === 'products' ? 'deleted' : 'saved' };
}

/** Catalogue changes through a Realtime channel on the product tables (supabase-table-changes.ts). */
export class SupabaseCatalogueChanges extends SupabaseTableChanges<CatalogueNews> implements CatalogueChanges {
  constructor(client: SupabaseClient, logger: Logger) {
    super(client, logger, { name: 'catalogue-changes', tables: TABLES, changeOf: catalogueChangeOf, missed: { kind: 'missed' } });
  }
}
