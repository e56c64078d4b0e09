import type { RealtimeChannel, RealtimePostgresChangesPayload, SupabaseClient } from '@supabase/supabase-js';
import type { CatalogueChange, CatalogueChanges, CatalogueNews } from '../../ports/catalogue-changes';
import type { Logger } from '../../ports/logger';

/** Spec §9: the Realtime connection sends a heartbeat every 25 s… */
export const REALTIME_HEARTBEAT_INTERVAL_MS = 25_000;
/** …and gives up on an answer (a join, a heartbeat's reply) after 10 s. */
export const REALTIME_TIMEOUT_MS = 10_000;

/** The product tables whose changes Realtime streams (migration 20261123200000_catalogue_realtime.sql). */
const TABLES = ['products', 'product_images'] as const;

type Row = Record<string, unknown>;
type Listener = (news: CatalogueNews) => void;

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

let channels = 0;

/**
 * Catalogue changes through a Realtime channel on the product tables, opened with the first
 * subscription and left after the last. Each opening is a channel of its own name: a channel
 * being left is still the client's until the server answers, and the client would hand it back
 * for the same name. Realtime replays nothing: a channel that drops (the socket closed, the
 * server gone, a heartbeat unanswered) and joins again has missed what changed meanwhile, so
 * each join after the first tells the listeners so, and they read again.
 */
export class SupabaseCatalogueChanges implements CatalogueChanges {
  private readonly listeners = new Set<Listener>();
  private channel: RealtimeChannel | null = null;

  constructor(
    private readonly client: SupabaseClient,
    private readonly logger: Logger,
  ) {}

  subscribe(listener: Listener): () => void {
    const entry: Listener = (news) => listener(news);
    this.listeners.add(entry);
    this.channel ??= this.open();
    return () => {
      if (!this.listeners.delete(entry) || this.listeners.size > 0 || !this.channel) return;
      const channel = this.channel;
      this.channel = null;
      void this.client.removeChannel(channel);
    };
  }

  private open(): RealtimeChannel {
    channels += 1;
    const channel = this.client.channel(`catalogue-changes-${channels}`);
    const tell = (payload: RealtimePostgresChangesPayload<Row>) => {
      const change = catalogueChangeOf(payload);
      if (change) for (const listener of [...this.listeners]) listener({ ...change });
    };
    for (const table of TABLES) channel.on('postgres_changes', { event: '*', schema: 'public', table }, tell);
    let joined = false;
    return channel.subscribe((status, error) => {
      if (status === 'SUBSCRIBED') {
        if (joined) for (const listener of [...this.listeners]) listener({ kind: 'missed' });
        joined = true;
      }
      // The shop still works without it: pages show what they read until they fetch again.
      if (status === 'CHANNEL_ERROR' || status === 'TIMED_OUT') this.logger.warn(`Supabase Realtime: catalogue changes ${status}`, error);
    });
  }
}
