// What the two changes suites (catalogue-changes, order-changes) share: a subscription that
// records what it hears, and the Supabase test project with its Realtime, each test's clients
// closed after it and no violation of the documented forms, nor any channel refused, allowed.
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { RecordingLogger } from '../../fakes/recording-logger';
import { verifyJwt } from '../../support/supabase/jwt';
import { ADMIN_USER, MemoryStorage, startTestProject, testClient, type TestProject } from '../../support/supabase/test-project';

interface Changes<T> {
  subscribe(listener: (change: T) => void): () => void;
}

/** Every change a subscription hears, and a promise of the next one. */
export function listen<T>(changes: Changes<T>) {
  const heard: T[] = [];
  let waiting: Array<(change: T) => void> = [];
  const stop = changes.subscribe((change) => {
    heard.push(change);
    const resolve = waiting;
    waiting = [];
    for (const r of resolve) r(change);
  });
  const next = () => new Promise<T>((resolve) => waiting.push(resolve));
  return { heard, next, stop };
}

/** Registers the suite's hooks: call once, at the top of a test file. */
export function realtimeSuite() {
  const cleanups: Array<() => unknown> = [];
  const loggers: RecordingLogger[] = [];
  let project: TestProject;

  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });
  beforeAll(async () => {
    project = await startTestProject();
  }, 120_000);
  afterAll(async () => {
    await project?.realtime.stop();
    await project?.cluster.stop();
  });
  afterEach(() => {
    expect(project.fake.violations).toEqual([]);
    expect(project.realtime.violations).toEqual([]);
    // A channel refused or timed out is logged: none was.
    expect(loggers.splice(0).flatMap((logger) => logger.entries)).toEqual([]);
  });

  return {
    cleanups,
    project: () => project,
    /** A logger whose entries fail the test. */
    logger(): RecordingLogger {
      const logger = new RecordingLogger();
      loggers.push(logger);
      return logger;
    },
    /** A supabase-js client as a browser has it, with Realtime; its channels closed after the test. */
    realtimeClient(storage?: MemoryStorage): SupabaseClient {
      const client = testClient(project.fake, storage, undefined, project.realtime);
      cleanups.push(async () => {
        await client.removeAllChannels();
        await client.realtime.disconnect();
      });
      return client;
    },
    /** Runs `sql` as the signed-in admin, as PostgREST runs the back office's requests (the admin's JWT claims, row-level security). */
    asAdmin(sql: string, params: unknown[] = []) {
      const claims = verifyJwt(project.fake.accessToken(ADMIN_USER))!;
      return project.cluster.query(sql, params, { role: 'authenticated', claims });
    },
  };
}
