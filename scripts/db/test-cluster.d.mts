// Types of test-cluster.mjs: a throw-away PostgreSQL 15 cluster shaped like a Supabase database.

export type TestRole = 'anon' | 'authenticated' | 'service_role' | 'postgres';

export interface QueryAs {
  /** The role PostgREST would switch to (`set local role`). */
  role: TestRole;
  /** The JWT's claims, put in `request.jwt.claims` (default: `{ role }`). */
  claims?: object;
  /** The request's headers, put in `request.headers` as PostgREST does (names in lower case). */
  headers?: Record<string, string>;
}

export interface TestCluster {
  /** The directory of the server's Unix socket (its data directory is inside it). */
  socketDir: string;
  port: number;
  database: string;
  /**
   * Runs one statement. Without `as`: as the `postgres` superuser, outside any transaction.
   * With `as`: in a transaction, under that role and claims, as PostgREST runs a request.
   * A refused statement rejects with pg's error (its `code`, e.g. '42501').
   */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a row's shape is the SQL's: callers name it
  query<Row = any>(sql: string, params?: unknown[], as?: QueryAs): Promise<Row[]>;
  /** Empties every table of `public` and `auth` (identities restarted) and loads the seed again. */
  reset(): Promise<void>;
  /** Stops the server and removes its directory; for a connectTestCluster, closes its connection only. */
  stop(): Promise<void>;
}

export const PG_BIN: string;
export const BOOTSTRAP_FILE: string;
export const MIGRATIONS_DIR: string;
export const SEED_FILE: string;
export function migrationFiles(): string[];
export function setupFiles(options?: { seed?: boolean }): string[];
export function startTestCluster(options?: { seed?: boolean }): Promise<TestCluster>;
export function connectTestCluster(socketDir: string, options?: { seed?: boolean }): Promise<TestCluster>;
