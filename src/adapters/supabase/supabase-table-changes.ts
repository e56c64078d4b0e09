import type { RealtimeChannel, RealtimePostgresChangesPayload, SupabaseClient } from '@supabase/supabase-js';
import type { Logger } from '@/ports/logger';

export type Row = Record<string, unknown>;
type Listener<T> = (change: T) => void;

let channels = 0;

/**
 * The changes of some tables through a Realtime channel (postgres_changes), opened with the
 * first subscription and left after the last. Realtime applies row-level security: a subscriber
 * hears of the rows it may read. Each opening is a channel of its own name: a channel being left
 * is still the client's until the server answers, and the client would hand it back for the
 * same name. `changeOf` says what an event means to the port, or null to pass it over.
 * Realtime replays nothing: a channel that drops (the socket closed, the server gone, a
 * heartbeat unanswered) and joins again has missed what changed meanwhile, so each join after
 * the first tells the listeners `missed`, and they read again.
 */
export class SupabaseTableChanges<T extends object> {
  private readonly listeners = new Set<Listener<T>>();
  private channel: RealtimeChannel | null = null;

  constructor(
    private readonly client: SupabaseClient,
    private readonly logger: Logger,
    private readonly what: {
      name: string;
      tables: readonly string[];
      changeOf: (payload: RealtimePostgresChangesPayload<Row>) => T | null;
      /** What the listeners hear after a join that follows a drop. */
      missed: T;
    },
  ) {}

  subscribe(listener: Listener<T>): () => void {
    const entry: Listener<T> = (change) => listener(change);
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
    const { name, tables, changeOf, missed } = this.what;
    const channel = this.client.channel(`${name}-${channels}`);
    const tell = (payload: RealtimePostgresChangesPayload<Row>) => {
      const change = changeOf(payload);
      if (change) for (const listener of [...this.listeners]) listener({ ...change });
    };
    for (const table of tables) channel.on('postgres_changes', { event: '*', schema: 'public', table }, tell);
    let joined = false;
    return channel.subscribe((status, error) => {
      if (status === 'SUBSCRIBED') {
        if (joined) for (const listener of [...this.listeners]) listener({ ...missed });
        joined = true;
      }
      // The shop still works without it: pages show what they read until they fetch again.
      if (status === 'CHANNEL_ERROR' || status === 'TIMED_OUT') this.logger.warn(`Supabase Realtime: ${name.replaceAll('-', ' ')} ${status}`, error);
    });
  }
}
