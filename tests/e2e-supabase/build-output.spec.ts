import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SUPABASE_TEST_URL } from '../support/supabase/jwt';
import { expect, test } from '../e2e/fixtures';

// dist-supabase/ is built by this suite's webServer (playwright.supabase.config.ts).
const ASSETS = join('dist-supabase', 'assets');
const SUPABASE_JS_MARKERS = [/X-Client-Info/, /Accept-Profile/, /gotrue/i, /PGRST\d/];
const carries = (text: string) => SUPABASE_JS_MARKERS.every((marker) => marker.test(text));
const touches = (text: string) => SUPABASE_JS_MARKERS.some((marker) => marker.test(text));

test('a Supabase build puts supabase-js in a chunk of its own, which the first page does not name', () => {
  const scripts = readdirSync(ASSETS).filter((name) => name.endsWith('.js'));
  const withSupabase = scripts.filter((name) => touches(readFileSync(join(ASSETS, name), 'utf8')));
  // supabase-js itself in the backend's chunk; the Supabase adapters the back office loads
  // later (the catalogue's reads shared with its writes) may mention PostgREST's codes too.
  const withClient = withSupabase.filter((name) => carries(readFileSync(join(ASSETS, name), 'utf8')));
  expect(withClient).toEqual([expect.stringMatching(/^supabase-backend-[\w-]+\.js$/)]);
  for (const name of withSupabase) expect(name).toMatch(/^supabase-[\w-]+\.js$/);
  // index.html loads the main chunk (a modulepreload its start-up script then runs); the
  // Supabase chunks come by dynamic import only.
  const html = readFileSync(join('dist-supabase', 'index.html'), 'utf8');
  for (const name of withSupabase) expect(html).not.toContain(name);
  const main = /<link rel="modulepreload"[^>]*href="\/assets\/(index-[\w-]+\.js)"/.exec(html)?.[1];
  expect(main).toBeDefined();
  expect(touches(readFileSync(join(ASSETS, main!), 'utf8'))).toBe(false);
  // Nor does the first page start fetching the demo catalogue: the database holds the catalogue.
  expect(html).not.toMatch(/demo-catalogue-[\w-]+\.json/);
});

test('a Supabase build lets the page reach its project, and its Realtime socket, and no other site', async ({ request }) => {
  const policy = (await request.get('/', { headers: { Accept: 'text/html' } })).headers()['content-security-policy'] ?? '';
  const socket = SUPABASE_TEST_URL.replace(/^http/, 'ws');
  expect(policy).toContain(`connect-src 'self' ${SUPABASE_TEST_URL} ${socket};`);
  expect(policy).toMatch(new RegExp(`img-src [^;]*${SUPABASE_TEST_URL.replace(/[.:/]/g, '\\$&')}`));
  // The same policy as the file a static host reads.
  expect(readFileSync(join('dist-supabase', '_headers'), 'utf8')).toContain(`Content-Security-Policy: ${policy}\n`);
});
