import { startTestCluster } from '../../../scripts/db/test-cluster.mjs';
import { SHARED_CLUSTER_ENV } from './test-project';

// Vitest globalSetup of mutation testing only (vitest.stryker.config.ts): one PostgreSQL cluster
// for the life of a Stryker test runner. The Supabase contract tests reach the domain, so each
// mutant of src/domain/admin, catalogue or newsletter reran a file that started a cluster of
// its own (initdb, migrations, seed: 5 to 15 s here, most of each mutant's time). They connect
// to this one instead and put it back to a fresh state (startTestProject, connectTestCluster).
export default async function startSharedCluster(): Promise<() => Promise<void>> {
  const cluster = await startTestCluster({ seed: true });
  process.env[SHARED_CLUSTER_ENV] = cluster.socketDir;
  return async () => {
    delete process.env[SHARED_CLUSTER_ENV];
    await cluster.stop();
  };
}
