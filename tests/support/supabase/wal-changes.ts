// The rows really changed in the test database, read from its write-ahead log as Supabase
// Realtime reads them: by logical decoding (the test cluster runs with wal_level=logical,
// scripts/db/test-cluster.mjs). Realtime uses a replication slot with wal2json; Debian's
// PostgreSQL 15 has no wal2json, but ships PostgreSQL's own output plugin test_decoding, whose
// text this file parses. The slot is temporary: it goes with this reader's connection.
import pg from 'pg';
import type { TestCluster } from '../../../scripts/db/test-cluster.mjs';

/** A column's value as PostgreSQL's output function wrote it; null for NULL. */
export type TextTuple = Record<string, string | null>;

export interface WalChange {
  schema: string;
  table: string;
  type: 'INSERT' | 'UPDATE' | 'DELETE';
  /** INSERT, UPDATE: the new row (a TOASTed value the update left alone is missing). */
  tuple: TextTuple | null;
  /** DELETE, and an UPDATE that changed the key: the old row's replica identity (the primary key by default). */
  oldKey: TextTuple | null;
}

export interface WalTransaction {
  /** Where its commit record ends in the WAL. */
  lsn: bigint;
  commitTimestamp: string;
  changes: WalChange[];
}

/** '0/15C4E68' → a number that orders as the WAL does. */
export function parseLsn(lsn: string): bigint {
  const [high, low] = lsn.split('/');
  return (BigInt(`0x${high}`) << 32n) + BigInt(`0x${low}`);
}

/** `name[type]:value name[type]:value …`, as test_decoding writes a tuple, from `text[at]`. */
function parseTuple(text: string, at: number): { tuple: TextTuple; end: number } {
  const tuple: TextTuple = {};
  let i = at;
  while (i < text.length && !text.startsWith('new-tuple:', i)) {
    let name: string;
    if (text[i] === '"') {
      const close = /^"((?:[^"]|"")*)"/.exec(text.slice(i));
      if (!close) throw new Error(`test_decoding: unterminated column name in ${text}`);
      name = close[1]!.replaceAll('""', '"');
      i += close[0].length;
    } else {
      const bracket = text.indexOf('[', i);
      name = text.slice(i, bracket);
      i = bracket;
    }
    const typeEnd = text.indexOf(']:', i);
    if (text[i] !== '[' || typeEnd < 0) throw new Error(`test_decoding: no [type]: after ${name} in ${text}`);
    i = typeEnd + 2;
    if (text[i] === "'") {
      let value = '';
      for (i += 1; ; i += 1) {
        if (i >= text.length) throw new Error(`test_decoding: unterminated value of ${name} in ${text}`);
        if (text[i] === "'") {
          if (text[i + 1] !== "'") break;
          i += 1;
        }
        value += text[i];
      }
      i += 1;
      tuple[name] = value;
    } else {
      const space = text.indexOf(' ', i);
      const raw = text.slice(i, space < 0 ? text.length : space);
      i += raw.length;
      if (raw !== 'unchanged-toast-datum') tuple[name] = raw === 'null' ? null : raw;
    }
    while (text[i] === ' ') i += 1;
  }
  return { tuple, end: i };
}

/** One row change line: `table public.products: UPDATE: id[bigint]:1 …`. */
export function parseChange(line: string): WalChange {
  const head = /^table ([^.]+)\.([^:]+): (INSERT|UPDATE|DELETE): /.exec(line);
  if (!head) throw new Error(`test_decoding: not a row change: ${line}`);
  const unquote = (name: string) => (name.startsWith('"') ? name.slice(1, -1).replaceAll('""', '"') : name);
  const [, schema, table, type] = head;
  const body = head[0].length;
  const change: WalChange = { schema: unquote(schema!), table: unquote(table!), type: type as WalChange['type'], tuple: null, oldKey: null };
  if (line.startsWith('(no-tuple-data)', body)) return change;
  if (type === 'DELETE') {
    change.oldKey = parseTuple(line, body).tuple;
  } else if (line.startsWith('old-key: ', body)) {
    const old = parseTuple(line, body + 'old-key: '.length);
    change.oldKey = old.tuple;
    change.tuple = parseTuple(line, old.end + 'new-tuple: '.length).tuple;
  } else {
    change.tuple = parseTuple(line, body).tuple;
  }
  return change;
}

let slots = 0;

/** A temporary logical replication slot on the test database, read on demand. */
export class WalReader {
  private constructor(
    private readonly client: pg.Client,
    private readonly slot: string,
  ) {}

  static async open(cluster: Pick<TestCluster, 'socketDir' | 'port' | 'database'>): Promise<WalReader> {
    const client = new pg.Client({ host: cluster.socketDir, port: cluster.port, user: 'postgres', database: cluster.database });
    await client.connect();
    slots += 1;
    const slot = `fake_realtime_${process.pid}_${slots}`;
    try {
      await client.query(`select pg_catalog.pg_create_logical_replication_slot($1, 'test_decoding', true)`, [slot]);
    } catch (error) {
      await client.end();
      throw error;
    }
    return new WalReader(client, slot);
  }

  /** Where the next WAL record will go: a transaction committed from now on ends after it. */
  async position(): Promise<bigint> {
    const { rows } = await this.client.query<{ lsn: string }>('select pg_catalog.pg_current_wal_insert_lsn()::text as lsn');
    return parseLsn(rows[0]!.lsn);
  }

  /** The transactions committed (and flushed) since the last read, in commit order. */
  async read(): Promise<WalTransaction[]> {
    const { rows } = await this.client.query<{ lsn: string; data: string }>(
      `select lsn::text, data from pg_catalog.pg_logical_slot_get_changes($1, null, null, 'include-timestamp', 'on')`,
      [this.slot],
    );
    const transactions: WalTransaction[] = [];
    let changes: WalChange[] = [];
    for (const { lsn, data } of rows) {
      if (data.startsWith('BEGIN')) {
        changes = [];
      } else if (data.startsWith('COMMIT')) {
        const at = /\(at (.+)\)$/.exec(data)?.[1];
        if (!at) throw new Error(`test_decoding: a commit without its time: ${data}`);
        // '2026-11-23 20:42:49.264367+00' → ISO 8601, as Realtime's commit_timestamp.
        const commitTimestamp = new Date(at.replace(' ', 'T').replace(/([+-]\d\d)$/, '$1:00')).toISOString();
        transactions.push({ lsn: parseLsn(lsn), commitTimestamp, changes });
      } else if (/^table [^:]+: (INSERT|UPDATE|DELETE): /.test(data)) {
        // Realtime sends row changes only: a TRUNCATE (cluster.reset()) is not one.
        changes.push(parseChange(data));
      }
    }
    return transactions;
  }

  async close(): Promise<void> {
    await this.client.end().catch(() => undefined);
  }
}
