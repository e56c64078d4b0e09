import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';

// dist-supabase/ is built by this suite's webServer (playwright.supabase.config.ts).
const ASSETS = join('dist-supabase', 'assets');
const SUPABASE_JS_MARKERS = [/X-Client-Info/, /Accept-Profile/, /gotrue/i, /PGRST\d/];
const carries = (text: string) => SUPABASE_JS_MARKERS.every((marker) => marker.test(text));
const touches = (text: string) => SUPABASE_JS_MARKERS.some((marker) => marker.test(text));

test('a Supabase build puts supabase-js in a chunk of its own, which the first page does not name', () => {
  const scripts = readdirSync(ASSETS).filter((name) => name.endsWith('.js'));
  const withSupabase = scripts.filter((name) => touches(readFileSync(join(ASSETS, name), 'utf8')));
  expect(withSupabase).toEqual([expect.stringMatching(/^supabase-backend-[\w-]+\.js$/)]);
  expect(carries(readFileSync(join(ASSETS, withSupabase[0]!), 'utf8'))).toBe(true);
  // index.html loads the main chunk (a modulepreload its start-up script then runs); the
  // Supabase chunk comes by dynamic import only.
  const html = readFileSync(join('dist-supabase', 'index.html'), 'utf8');
  expect(html).not.toContain(withSupabase[0]);
  const main = /<link rel="modulepreload"[^>]*href="\/assets\/(index-[\w-]+\.js)"/.exec(html)?.[1];
  expect(main).toBeDefined();
  expect(touches(readFileSync(join(ASSETS, main!), 'utf8'))).toBe(false);
  // Nor does the first page start fetching the demo catalogue: the database holds the catalogue.
  expect(html).not.toMatch(/demo-catalogue-[\w-]+\.json/);
});
