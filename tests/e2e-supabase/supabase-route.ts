import { type Page, type Route } from '@playwright/test';
import { expect, test } from '../e2e/fixtures';
import { startTestCluster, type TestCluster } from '../../scripts/db/test-cluster.mjs';
import { FakeRealtime } from '../support/supabase/fake-realtime';
import { FakeSupabase, type FunctionHandler, type TestUser } from '../support/supabase/fake-supabase';

const CORS = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Methods': 'GET, POST, PATCH, DELETE, OPTIONS',
  'Access-Control-Allow-Headers': 'apikey, authorization, x-client-info, content-type, accept-profile, content-profile, prefer, x-supabase-api-version, range',
  'Access-Control-Expose-Headers': 'Content-Range, X-Supabase-Api-Version',
};

/** Every request of the page to the project URL is answered by `fake` (checked, then run in the test database). */
export async function routeSupabase(page: Page, fake: FakeSupabase): Promise<void> {
  await page.route(`${fake.url}/**`, async (route: Route) => {
    const request = route.request();
    // The browser's CORS preflight, as Supabase's gateway answers it.
    if (request.method() === 'OPTIONS') return route.fulfill({ status: 204, headers: CORS });
    const headers = Object.fromEntries(
      Object.entries(await request.allHeaders()).filter(([name]) => !name.startsWith(':') && !['host', 'connection', 'content-length'].includes(name)),
    );
    const bytes = request.postDataBuffer();
    const response = await fake.fetch(request.url(), {
      method: request.method(),
      headers,
      // The bytes as sent: postData() decodes them as UTF-8, which mangles an uploaded picture.
      body: bytes ? new Uint8Array(bytes) : undefined,
    });
    const responseHeaders: Record<string, string> = { ...CORS };
    response.headers.forEach((value, key) => (responseHeaders[key] = value));
    return route.fulfill({ status: response.status, headers: responseHeaders, body: Buffer.from(await response.arrayBuffer()) });
  });
}

/** The page's Realtime socket (wss://<project>/realtime/v1/websocket) is served by `realtime`, frame for frame. */
export async function routeRealtime(page: Page, realtime: FakeRealtime): Promise<void> {
  await page.routeWebSocket(/\/realtime\/v1\/websocket/, (ws) => {
    const socket = new realtime.transport(ws.url());
    socket.onmessage = ({ data }) => ws.send(data);
    socket.onclose = () => void ws.close().catch(() => undefined);
    ws.onMessage((message) => socket.send(message));
    ws.onClose((code, reason) => socket.close(code, reason));
  });
}

/** What a spec on the Supabase build works with, set before its first test. */
export interface SupabaseProject {
  cluster: TestCluster;
  fake: FakeSupabase;
  realtime: FakeRealtime;
}

/**
 * Registers a spec's hooks: a test database (migrations and seed; reset before each test), the
 * checking fake of the project's API with `users` (and the edge functions' stand-ins `functions`), and its Realtime; every request and socket of
 * each test's page answered by them (the demo catalogue file, never what a Supabase shop shows,
 * refused); no violation of their documented forms allowed. Call once, at the top of the spec.
 */
export function supabaseProject(users: TestUser[], functions: (project: SupabaseProject) => Record<string, FunctionHandler> = () => ({})): SupabaseProject {
  const project = {} as SupabaseProject;
  test.beforeAll(async () => {
    project.cluster = await startTestCluster({ seed: true });
    project.fake = new FakeSupabase(project.cluster, { users, functions: functions(project) });
    project.realtime = new FakeRealtime(project.cluster, project.fake.url);
  });
  test.afterAll(async () => {
    await project.realtime?.stop();
    await project.cluster?.stop();
  });
  test.beforeEach(async ({ page }) => {
    await project.cluster.reset();
    project.fake.violations.length = 0;
    project.realtime.violations.length = 0;
    await routeSupabase(page, project.fake);
    await routeRealtime(page, project.realtime);
    await page.context().route('**/assets/demo-catalogue-*.json', (route) => route.abort());
  });
  test.afterEach(() => {
    expect(project.fake.violations).toEqual([]);
    expect(project.realtime.violations).toEqual([]);
  });
  return project;
}
