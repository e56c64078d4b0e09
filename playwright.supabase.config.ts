import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH, E2E_BASE_URL, E2E_PORT } from './playwright.config';
import { ANON_KEY, SUPABASE_TEST_URL } from './tests/support/supabase/jwt';

// The shop built for Supabase (VITE_BACKEND=supabase, test values) into dist-supabase/, served
// by `vite preview`; each test answers the backend's requests with page.route, through the
// checking fake of tests/support/supabase over a real test database. Run after (never beside)
// the local end-to-end suite: it uses the same E2E_PORT.
export const SUPABASE_BUILD_ENV = {
  VITE_BACKEND: 'supabase',
  VITE_SUPABASE_URL: SUPABASE_TEST_URL,
  VITE_SUPABASE_ANON_KEY: ANON_KEY,
};

export default defineConfig({
  testDir: 'tests/e2e-supabase',
  // Its own folder: sharing test-results/ with the local suite, which runs first, erased that
  // suite's screenshots of a failure (seen: a many-tabs failure whose trace was gone).
  outputDir: 'test-results/supabase',
  fullyParallel: false,
  // Each spec file has a database of its own (its beforeAll starts a cluster) and each test's page
  // is answered by that spec's fake through page.route: two files can run at once, one a core.
  workers: 2,
  // As the local suite's (playwright.config.ts, docs/testing.md): 60 s a test, 10 s a wait.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  retries: 0,
  forbidOnly: true,
  reporter: [['list'], ['json', { outputFile: '.reports/e2e-supabase.json' }]],
  use: {
    baseURL: E2E_BASE_URL,
    headless: true,
    locale: 'fr-FR',
    // page.route must see every request to the backend: no service worker in between.
    serviceWorkers: 'block',
    // No trace, as the local suite (playwright.config.ts says why); `--trace=retain-on-failure` to debug.
    trace: 'off',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: { browserName: 'chromium', launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS } },
    },
  ],
  webServer: {
    command: `npx vite build --outDir dist-supabase --emptyOutDir --logLevel warn && npx vite preview --outDir dist-supabase --port ${E2E_PORT} --strictPort`,
    env: { ...SUPABASE_BUILD_ENV },
    url: E2E_BASE_URL,
    reuseExistingServer: false,
    timeout: 240_000,
  },
});
