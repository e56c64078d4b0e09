import { afterAll, beforeAll, beforeEach } from 'vitest';
import { startTestCluster, type TestCluster } from '../../../scripts/db/test-cluster.mjs';
import { startFunction, type RunningFunction } from './deno-function';
import { type FakeResend, startFakeResend } from './fake-resend';
import { type FakeSupabase, startFakeSupabase } from './fake-supabase';
import { signJwt } from './jwt';

export const JWT_SECRET = 'super-secret-jwt-token-with-at-least-32-characters-long';
/** Seconds: the fake's clock, fixed. */
export const NOW = 1_800_000_000;
export const ANON_KEY = signJwt({ iss: 'supabase', role: 'anon', iat: NOW - 1000, exp: NOW + 10 ** 8 }, JWT_SECRET);
export const SERVICE_ROLE_KEY = signJwt({ iss: 'supabase', role: 'service_role', iat: NOW - 1000, exp: NOW + 10 ** 8 }, JWT_SECRET);
export const RESEND_KEY = 're_test_0123456789';

/** An edge function running in Deno as deployed, with what it talks to. */
export interface FunctionStage {
  cluster: TestCluster;
  supabase: FakeSupabase;
  resend: FakeResend;
  fn: RunningFunction;
}

/**
 * Registers a suite's hooks: a test database (the seed or not), the fake Supabase in front of it,
 * the fake Resend and the function `name` started with the project's variables and Resend's; the
 * database reset and the recorded requests and mails cleared before each test.
 */
export function functionStage(name: string, { seed, mailFrom, siteUrl }: { seed: boolean; mailFrom: string; siteUrl: string }): FunctionStage {
  const stage = {} as FunctionStage;
  beforeAll(async () => {
    stage.cluster = await startTestCluster({ seed });
    stage.supabase = await startFakeSupabase(stage.cluster, JWT_SECRET, () => NOW);
    stage.resend = await startFakeResend(RESEND_KEY);
    stage.fn = await startFunction(name, {
      SUPABASE_URL: stage.supabase.origin,
      SUPABASE_ANON_KEY: ANON_KEY,
      SUPABASE_SERVICE_ROLE_KEY: SERVICE_ROLE_KEY,
      SITE_URL: siteUrl,
      RESEND_API_KEY: RESEND_KEY,
      MAIL_FROM: mailFrom,
      RESEND_API_URL: stage.resend.origin,
    });
    stage.supabase.functionsOrigin = stage.fn.origin;
  }, 120_000);
  afterAll(async () => {
    await stage.fn?.stop();
    await stage.resend?.stop();
    await stage.supabase?.stop();
    await stage.cluster?.stop();
  }, 30_000);
  beforeEach(async () => {
    await stage.cluster.reset();
    stage.resend.reset();
    stage.supabase.seen.length = 0;
  });
  return stage;
}
