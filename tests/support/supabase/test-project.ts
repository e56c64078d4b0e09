import { createClient, type SupabaseClient, type SupportedStorage } from '@supabase/supabase-js';
import { REALTIME_HEARTBEAT_INTERVAL_MS, REALTIME_TIMEOUT_MS } from '@/adapters/supabase/supabase-catalogue-changes';
import { connectTestCluster, startTestCluster, type TestCluster } from '../../../scripts/db/test-cluster.mjs';
import { FakeRealtime } from './fake-realtime';
import { FakeSupabase, type FunctionHandler, type TestUser } from './fake-supabase';

/** Users of the test project: one admin (app_metadata.role), one signed-up shopper who is not. */
export const ADMIN_USER: TestUser = {
  id: '0b7d3c52-5a7e-4f0e-9d51-6f1f8e1c0a01',
  email: 'gerante@boutique.example',
  password: 'Théière-en-fonte-2026!',
  appRole: 'admin',
  createdAt: '2026-01-15T09:00:00.000Z',
};
export const SHOPPER_USER: TestUser = {
  id: '4c2e9a8b-1d3f-4b6a-8e7c-2a9b0c1d2e03',
  email: 'client@exemple.fr',
  password: 'mot-de-passe-client',
  createdAt: '2026-02-01T10:00:00.000Z',
};

// supabase-js makes a Realtime client, which wants a WebSocket class (Node 20 has none). A
// client given no FakeRealtime must never open a channel.
class NoWebSocket {
  constructor() {
    throw new Error('Realtime is not served to this client: give testClient the project’s FakeRealtime');
  }
}

/** A supabase-js client as src/app/supabase-backend.ts makes it, talking to `fake`. */
export function testClient(
  fake: FakeSupabase,
  storage?: SupportedStorage,
  /** A token the client sends as it is (supabase-js's `accessToken` option), for sessions made by hand. */
  accessToken?: () => Promise<string>,
  /** The project's Realtime, for a client that opens channels. */
  realtime?: FakeRealtime,
): SupabaseClient {
  return createClient(fake.url, fake.anonKey, {
    global: { fetch: fake.fetch },
    ...(accessToken ? { accessToken } : { auth: { persistSession: storage !== undefined, storage, autoRefreshToken: false, detectSessionInUrl: false } }),
    realtime: {
      transport: (realtime?.transport ?? NoWebSocket) as never,
      heartbeatIntervalMs: REALTIME_HEARTBEAT_INTERVAL_MS,
      timeout: REALTIME_TIMEOUT_MS,
    },
  });
}

/** Where supabase-js keeps the session in the browser's storage: sb-<first label of the project's host>-auth-token. */
export const SESSION_KEY = 'sb-localhost-auth-token';

/** Set to a running cluster's socketDir, the test project connects to it instead of starting one. */
export const SHARED_CLUSTER_ENV = 'SHOP_SHARED_TEST_CLUSTER';

export interface TestProject {
  cluster: TestCluster;
  fake: FakeSupabase;
  /** Its Realtime server, fed from the database's WAL once a channel joins; stop() it after use. */
  realtime: FakeRealtime;
}

/** The test database (migrations + seed) behind a checking fake of the project's HTTP API. */
export async function startTestProject(functions: Record<string, FunctionHandler> = {}): Promise<TestProject> {
  // Under mutation testing, one cluster serves every run (tests/support/supabase/shared-cluster.ts).
  const shared = process.env[SHARED_CLUSTER_ENV];
  const cluster = shared ? await connectTestCluster(shared, { seed: true }) : await startTestCluster({ seed: true });
  const fake = new FakeSupabase(cluster, { users: [ADMIN_USER, SHOPPER_USER], functions });
  return { cluster, fake, realtime: new FakeRealtime(cluster, fake.url) };
}

/** A Storage in memory, as the browser's localStorage keeps supabase-js's session. */
export class MemoryStorage implements SupportedStorage {
  private readonly items = new Map<string, string>();
  getItem(key: string): string | null {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string): void {
    this.items.set(key, value);
  }
  removeItem(key: string): void {
    this.items.delete(key);
  }
}
