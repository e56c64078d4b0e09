import { defineConfig } from '@playwright/test';
import chromium from './scripts/chromium.json' with { type: 'json' };

// End-to-end tests run against the production build (`vite build` first; `npm test` does it)
// served by `vite preview`, in Debian's Chromium: no browser download works on this machine,
// so never `npx playwright install`.

// E2E_PORT lets a second checkout run its end-to-end tests beside this one.
export const E2E_PORT = Number(process.env.E2E_PORT ?? 4174);
export const E2E_BASE_URL = `http://localhost:${E2E_PORT}`;

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? chromium.defaultPath;
export const CHROMIUM_ARGS = chromium.args;

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  // The CI machine has 2 cores, shared by Chromium and the preview server.
  workers: 2,
  // What a test may take (docs/testing.md). Measured for the whole suite with 2 workers: every
  // test but the journeys within 6 s on 2 quiet cores, 7.5 s with a `vite build` looping beside
  // it, 18.5 s on one core that such a loop shares; machines of this kind were seen 4 times
  // slower than the quiet one. 60 s
  // keeps each test under half its timeout there; a journey says what it needs
  // (JOURNEY_TIMEOUT_MS in tests/e2e/helpers.ts). A single wait for something the page shows
  // gets 10 s: on the loaded core, a page's first render after a navigation took up to 2 s.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  retries: 0,
  forbidOnly: true,
  reporter: [['list'], ['json', { outputFile: '.reports/e2e.json' }]],
  use: {
    baseURL: E2E_BASE_URL,
    headless: true,
    locale: 'fr-FR',
    // No trace: recording one in every test (a DOM snapshot at each action, the network, the
    // console) took a quarter of the suite's CPU, for the rare failure (measured on legal-pages and
    // checkout: 210 → 160 CPU-seconds, 143 → 114 s), and CI keeps only what the run prints. A failed
    // test prints its error and keeps its screenshot; to look deeper, run it again with
    // `npx playwright test <file> --trace=retain-on-failure` (docs/testing.md).
    trace: 'off',
    // A service worker precaches the whole build (about 80 files) in every new browser profile,
    // that is in every test: only the tests about the worker (offline, updates) let it in.
    serviceWorkers: 'block',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      testIgnore: /\.check\.ts$/,
      use: {
        browserName: 'chromium',
        launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
      },
      teardown: 'html',
    },
    // After every test: the Nu Html Checker over every page the journeys kept and the pages the
    // build wrote, in one Java start (tests/e2e/html.check.ts).
    {
      name: 'html',
      testMatch: /html\.check\.ts$/,
      use: { browserName: 'chromium', launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS } },
    },
  ],
  webServer: {
    command: `npx vite preview --port ${E2E_PORT} --strictPort`,
    url: E2E_BASE_URL,
    reuseExistingServer: false,
    timeout: 60_000,
  },
});
