// A stand-in for Supabase Realtime, for supabase-js's `realtime.transport`: a WebSocket-like
// class that speaks the Phoenix channel protocol realtime-js speaks (frames
// [join_ref, ref, topic, event, payload], serializer 2.0.0) and answers as Realtime documents it
// (docs: « Realtime Protocol »): phx_join answered with the postgres_changes bindings and their
// ids, a `system` message « Subscribed to PostgreSQL », heartbeats, access_token, phx_leave.
//
// Its postgres_changes events come from rows really changed in the test database: each
// committed transaction is read back from the WAL by logical decoding (./wal-changes.ts) and,
// as Realtime's RLS engine (supabase/walrus) does, sent only for tables of the
// `supabase_realtime` publication; an INSERT or UPDATE only to a subscriber whose role and
// claims may select that row (the row read under them, by its primary key); a DELETE to every
// subscriber, with the primary key alone. The payload is Realtime's wire shape, which
// realtime-js turns into { eventType, new, old }: { ids, data: { schema, table,
// commit_timestamp, type, columns, record, old_record, errors } }.
//
// Like FakeSupabase, whatever leaves the documented forms lands in `violations`: each suite
// asserts there are none.
import type { TestCluster } from '../../../scripts/db/test-cluster.mjs';
import { ANON_KEY, verifyJwt, type Claims } from './jwt';
import { WalReader, type TextTuple, type WalChange, type WalTransaction } from './wal-changes';

const PUBLICATION = 'supabase_realtime';
/** How often the WAL is read while a channel listens (the test cluster flushes it every 10 ms). */
const READ_EVERY_MS = 10;
const ROLES = new Set(['anon', 'authenticated', 'service_role']);
const EVENTS = new Set(['*', 'INSERT', 'UPDATE', 'DELETE']);

type Frame = [joinRef: string | null, ref: string | null, topic: string, event: string, payload: unknown];

interface Binding {
  id: number;
  event: string;
  schema: string;
  table: string;
}

interface Subscription {
  topic: string;
  joinRef: string;
  claims: Claims;
  bindings: Binding[];
  /** Only transactions that end after this point of the WAL are sent (those committed after the join). */
  since: bigint;
}

interface Connection {
  socket: FakeRealtimeSocket;
  open: boolean;
  subscriptions: Map<string, Subscription>;
  /** Its frames are handled one after the other, as Realtime's channel processes do. */
  queue: Promise<void>;
}

export interface FakeRealtimeSocket {
  readyState: number;
  send(data: unknown): void;
  close(code?: number, reason?: string): void;
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { data: string }) => void) | null;
  onclose: ((event: { code: number; reason: string; wasClean: boolean }) => void) | null;
  onerror: ((event: unknown) => void) | null;
}

const OPEN = 1;
const CLOSED = 3;

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

export class FakeRealtime {
  /** Frames and connections that left the documented forms: must stay empty. */
  readonly violations: string[] = [];
  /** Heartbeats answered. */
  heartbeats = 0;
  private readonly connections = new Set<Connection>();
  private reader: Promise<WalReader> | null = null;
  private reading: Promise<void> | null = null;
  private stopped = false;
  private nextBindingId = 38_110_000;
  private waiters: Array<{ count: number; resolve: () => void }> = [];
  /** The WebSocket-like class to give supabase-js as `realtime.transport`. */
  readonly transport: new (url: string, protocols?: string | string[]) => FakeRealtimeSocket;

  constructor(
    private readonly db: Pick<TestCluster, 'socketDir' | 'port' | 'database' | 'query'>,
    /** The project's URL (http://…): its host is where the socket must go. */
    private readonly projectUrl: string,
  ) {
    // eslint-disable-next-line @typescript-eslint/no-this-alias -- the transport class is built around this server
    const server = this;
    this.transport = class implements FakeRealtimeSocket {
      static readonly CONNECTING = 0;
      static readonly OPEN = OPEN;
      static readonly CLOSING = 2;
      static readonly CLOSED = CLOSED;
      readonly CONNECTING = 0;
      readonly OPEN = OPEN;
      readonly CLOSING = 2;
      readonly CLOSED = CLOSED;
      readonly protocol = '';
      readonly bufferedAmount = 0;
      binaryType = 'arraybuffer';
      readyState = 0;
      onopen: FakeRealtimeSocket['onopen'] = null;
      onmessage: FakeRealtimeSocket['onmessage'] = null;
      onclose: FakeRealtimeSocket['onclose'] = null;
      onerror: FakeRealtimeSocket['onerror'] = null;
      private readonly connection: Connection;

      constructor(readonly url: string) {
        this.connection = server.accept(this, url);
      }

      send(data: unknown): void {
        server.receive(this.connection, data);
      }

      close(code = 1000, reason = ''): void {
        server.hangUp(this.connection, code, reason);
      }

      addEventListener(): void {
        server.violations.push('addEventListener: realtime-js sets the on… handlers');
      }

      removeEventListener(): void {}
    };
  }

  /** Channels joined now, on every connection. */
  joinedChannels(): number {
    let count = 0;
    for (const connection of this.connections) count += connection.subscriptions.size;
    return count;
  }

  /** Resolves once exactly `count` channels are joined (0: every one left, or its socket closed). */
  whenChannels(count: number): Promise<void> {
    return new Promise((resolve) => {
      this.waiters.push({ count, resolve });
      this.noticeChannels();
    });
  }

  /**
   * Every socket closes as a network that fails closes it (1006, not clean): the clients
   * connect again on their own, and join their channels again. What is committed before they
   * have is sent to no one, as Realtime replays nothing.
   */
  dropConnections(): void {
    for (const connection of this.connections) this.hangUp(connection, 1006, '', false);
  }

  /** Stops reading the WAL and drops its slot; sockets still open are closed as a server going away would. */
  async stop(): Promise<void> {
    this.stopped = true;
    for (const connection of this.connections) this.hangUp(connection, 1001, 'server stopped');
    await this.reading;
    const reader = this.reader;
    this.reader = null;
    if (reader) await (await reader.catch(() => null))?.close();
  }

  // ---- the socket ---------------------------------------------------------------------------

  private accept(socket: FakeRealtimeSocket, url: string): Connection {
    const connection: Connection = { socket, open: true, subscriptions: new Map(), queue: Promise.resolve() };
    this.connections.add(connection);
    const problem = this.checkUrl(url);
    setTimeout(() => {
      if (!connection.open) return;
      if (problem) {
        this.violations.push(problem);
        this.hangUp(connection, 1008, problem);
        return;
      }
      socket.readyState = OPEN;
      socket.onopen?.({});
    });
    return connection;
  }

  /** wss://<project>/realtime/v1/websocket?apikey=<anon key>&vsn=2.0.0 (docs: « WebSocket connection setup »). */
  private checkUrl(raw: string): string | null {
    const url = new URL(raw);
    const project = new URL(this.projectUrl);
    if (url.protocol !== project.protocol.replace('http', 'ws') || url.host !== project.host) return `socket to ${url.origin}, not the project`;
    if (url.pathname !== '/realtime/v1/websocket') return `socket path ${url.pathname}`;
    if (url.searchParams.get('apikey') !== ANON_KEY) return 'socket without the anon key as apikey';
    if (url.searchParams.get('vsn') !== '2.0.0') return `socket protocol vsn ${url.searchParams.get('vsn')}, not 2.0.0`;
    return null;
  }

  private hangUp(connection: Connection, code: number, reason: string, wasClean = true): void {
    if (!connection.open) return;
    connection.open = false;
    connection.socket.readyState = CLOSED;
    this.connections.delete(connection);
    connection.subscriptions.clear();
    this.noticeChannels();
    setTimeout(() => connection.socket.onclose?.({ code, reason, wasClean }));
  }

  private send(connection: Connection, frame: Frame): void {
    const data = JSON.stringify(frame);
    setTimeout(() => {
      if (connection.open) connection.socket.onmessage?.({ data });
    });
  }

  private reply(connection: Connection, [joinRef, ref, topic]: Frame, status: 'ok' | 'error', response: object = {}): void {
    this.send(connection, [joinRef, ref, topic, 'phx_reply', { status, response }]);
  }

  private receive(connection: Connection, data: unknown): void {
    if (!connection.open) {
      this.violations.push('a frame sent on a closed socket');
      return;
    }
    let frame: unknown;
    try {
      frame = typeof data === 'string' ? JSON.parse(data) : null;
    } catch {
      frame = null;
    }
    const valid =
      Array.isArray(frame) &&
      frame.length === 5 &&
      typeof frame[2] === 'string' &&
      typeof frame[3] === 'string' &&
      (frame[1] === null || typeof frame[1] === 'string') &&
      (frame[0] === null || typeof frame[0] === 'string');
    if (!valid) {
      this.violations.push(`not a Phoenix 2.0.0 JSON frame: ${String(data).slice(0, 200)}`);
      return;
    }
    connection.queue = connection.queue
      .then(() => this.handle(connection, frame as Frame))
      .catch((error: unknown) => {
        this.violations.push(`the fake failed on a frame: ${(error as Error).message}`);
      });
  }

  private async handle(connection: Connection, frame: Frame): Promise<void> {
    const [joinRef, ref, topic, event, payload] = frame;
    if (topic === 'phoenix' && event === 'heartbeat') {
      this.heartbeats += 1;
      this.reply(connection, frame, 'ok');
      return;
    }
    if (!topic.startsWith('realtime:')) {
      this.violations.push(`topic ${topic} is not realtime:<channel>`);
      return;
    }
    if (event === 'phx_join') return this.join(connection, frame);
    const subscription = connection.subscriptions.get(topic);
    if (!subscription || subscription.joinRef !== joinRef) {
      // Phoenix's answer to a message for a channel the socket has not joined (realtime-js
      // sends phx_leave when it leaves a channel whose join was refused).
      this.reply(connection, frame, 'error', { reason: 'unmatched topic' });
      return;
    }
    if (event === 'phx_leave') {
      connection.subscriptions.delete(topic);
      this.reply(connection, frame, 'ok');
      this.noticeChannels();
      return;
    }
    if (event === 'access_token') {
      const claims = this.claimsOf((payload as { access_token?: unknown }).access_token);
      if (typeof claims === 'string') {
        this.reply(connection, frame, 'error', { reason: claims });
        return;
      }
      subscription.claims = claims;
      return;
    }
    this.violations.push(`${event} on ${topic}: not an event of the shop's channels (ref ${ref})`);
  }

  /** The claims of a token this project signed; else why it is refused. */
  private claimsOf(token: unknown): Claims | string {
    if (typeof token !== 'string') return 'access_token is not a JWT';
    const claims = verifyJwt(token);
    if (!claims) return 'Invalid JWT';
    if (claims.exp * 1000 <= Date.now()) return 'Token has expired';
    if (!ROLES.has(claims.role)) return `Unknown role ${String(claims.role)}`;
    return claims;
  }

  private async join(connection: Connection, frame: Frame): Promise<void> {
    const [joinRef, , topic, , payload] = frame;
    if (joinRef === null) {
      this.violations.push(`phx_join of ${topic} without a join_ref`);
      return;
    }
    const { config, access_token: token } = (payload ?? {}) as { config?: { postgres_changes?: unknown }; access_token?: unknown };
    const wanted = config?.postgres_changes;
    if (!Array.isArray(wanted)) {
      this.violations.push(`phx_join of ${topic}: config.postgres_changes is not an array`);
      return;
    }
    // Without a user's token, Realtime authorizes the socket's apikey.
    const claims = this.claimsOf(token ?? ANON_KEY);
    if (typeof claims === 'string') {
      this.reply(connection, frame, 'error', { reason: claims });
      return;
    }
    const bindings: Binding[] = [];
    for (const binding of wanted as Array<Record<string, unknown>>) {
      const { event, schema, table, filter } = binding;
      if (typeof event !== 'string' || !EVENTS.has(event) || typeof schema !== 'string' || typeof table !== 'string') {
        this.violations.push(`phx_join of ${topic}: postgres_changes binding ${JSON.stringify(binding)}`);
        return;
      }
      if (filter !== undefined) {
        this.violations.push(`phx_join of ${topic}: filters (${String(filter)}) are not served by this fake`);
        return;
      }
      this.nextBindingId += 1;
      bindings.push({ id: this.nextBindingId, event, schema, table });
    }
    // The slot exists, and the point from which this channel hears changes is known, before the
    // join is answered: whatever commits after SUBSCRIBED is sent.
    const since = await (await this.walReader()).position();
    if (!connection.open) return;
    connection.subscriptions.set(topic, { topic, joinRef, claims, bindings, since });
    this.reply(connection, frame, 'ok', { postgres_changes: bindings });
    this.noticeChannels();
    this.send(connection, [
      joinRef,
      null,
      topic,
      'system',
      {
        channel: topic.slice('realtime:'.length),
        extension: 'postgres_changes',
        message: 'Subscribed to PostgreSQL',
        status: 'ok',
      },
    ]);
    this.reading ??= this.readWhileListened();
  }

  private noticeChannels(): void {
    const joined = this.joinedChannels();
    const met = this.waiters.filter((w) => w.count === joined);
    this.waiters = this.waiters.filter((w) => w.count !== joined);
    for (const waiter of met) waiter.resolve();
  }

  // ---- the changes --------------------------------------------------------------------------

  private walReader(): Promise<WalReader> {
    this.reader ??= WalReader.open(this.db);
    return this.reader;
  }

  private async readWhileListened(): Promise<void> {
    try {
      while (!this.stopped && this.joinedChannels() > 0) {
        for (const transaction of await (await this.walReader()).read()) await this.deliver(transaction);
        await new Promise((resolve) => setTimeout(resolve, READ_EVERY_MS));
      }
    } catch (error) {
      if (!this.stopped) this.violations.push(`reading the WAL failed: ${(error as Error).message}`);
    } finally {
      this.reading = null;
    }
  }

  private async deliver(transaction: WalTransaction): Promise<void> {
    for (const change of transaction.changes) {
      const published = await this.db.query('select 1 from pg_catalog.pg_publication_tables where pubname = $1 and schemaname = $2 and tablename = $3', [
        PUBLICATION,
        change.schema,
        change.table,
      ]);
      if (published.length === 0) continue;
      let data: object | null = null;
      for (const connection of this.connections) {
        for (const subscription of connection.subscriptions.values()) {
          if (subscription.since >= transaction.lsn) continue;
          const ids = subscription.bindings
            .filter((b) => b.schema === change.schema && b.table === change.table && (b.event === '*' || b.event === change.type))
            .map((b) => b.id);
          if (ids.length === 0 || !(await this.visible(change, subscription.claims))) continue;
          data ??= await this.payloadOf(change, transaction.commitTimestamp);
          this.send(connection, [subscription.joinRef, null, subscription.topic, 'postgres_changes', { ids, data }]);
        }
      }
    }
  }

  private relation(change: WalChange): string {
    return `${quoted(change.schema)}.${quoted(change.table)}`;
  }

  private async primaryKey(change: WalChange): Promise<string[]> {
    const rows = await this.db.query<{ name: string }>(
      `select a.attname as name from pg_catalog.pg_index i
         join pg_catalog.pg_attribute a on a.attrelid = i.indrelid and a.attnum = any (i.indkey)
        where i.indrelid = $1::regclass and i.indisprimary order by a.attnum`,
      [this.relation(change)],
    );
    return rows.map((r) => r.name);
  }

  /**
   * A DELETE goes to every subscriber (no row left to check); an INSERT or UPDATE to those
   * whose role and claims may read the row: selected by its primary key under them, as
   * PostgREST would run their read (a role without SELECT on the table sees nothing).
   */
  private async visible(change: WalChange, claims: Claims): Promise<boolean> {
    if (change.type === 'DELETE') return true;
    const key = await this.primaryKey(change);
    const where = key.map((column, i) => `${quoted(column)} = $${i + 1}`).join(' and ');
    try {
      const rows = await this.db.query(
        `select 1 from ${this.relation(change)} where ${where}`,
        key.map((c) => change.tuple![c]),
        {
          role: claims.role,
          claims,
        },
      );
      return rows.length > 0;
    } catch (error) {
      if ((error as { code?: string }).code === '42501') return false;
      throw error;
    }
  }

  /** Realtime's `data`: the columns with their types, and the rows as JSON, PostgreSQL's own conversion of each value. */
  private async payloadOf(change: WalChange, commitTimestamp: string): Promise<object> {
    const columns = await this.db.query<{ name: string; type: string }>(
      `select a.attname as name, t.typname as type from pg_catalog.pg_attribute a
         join pg_catalog.pg_type t on t.oid = a.atttypid
        where a.attrelid = $1::regclass and a.attnum > 0 and not a.attisdropped order by a.attnum`,
      [this.relation(change)],
    );
    const asJson = async (tuple: TextTuple): Promise<Record<string, unknown>> => {
      const [row] = await this.db.query<{ row: Record<string, unknown> }>(
        `select to_jsonb(jsonb_populate_record(null::${this.relation(change)}, $1::jsonb)) as row`,
        [JSON.stringify(tuple)],
      );
      return Object.fromEntries(Object.keys(tuple).map((name) => [name, row!.row[name]]));
    };
    const key = await this.primaryKey(change);
    const keyOf = (tuple: TextTuple) => Object.fromEntries(key.map((name) => [name, tuple[name] ?? null]));
    const data: Record<string, unknown> = {
      schema: change.schema,
      table: change.table,
      commit_timestamp: commitTimestamp,
      type: change.type,
      columns,
      errors: null,
    };
    if (change.tuple) data.record = await asJson(change.tuple);
    // Under row-level security the old row is its primary key alone, whatever the replica identity.
    if (change.type !== 'INSERT') data.old_record = await asJson(keyOf(change.oldKey ?? change.tuple!));
    return data;
  }
}
