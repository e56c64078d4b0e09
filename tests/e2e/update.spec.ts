import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { E2E_PORT } from '../../playwright.config';
import { startPreview, type PreviewServer } from './preview-server';
import { waitForServiceWorker } from './helpers';

// Version A is served, a shopper opens it, then version B is built in place, as a deploy
// would. Version A is a copy of the shared dist/ (the build every end-to-end test runs against:
// building it again would only spend CPU the other worker's tests need); version B and the next
// are this test's own builds. Its outDir and `vite preview` are its own (a temporary folder, a
// port of its own), so the shared dist/ and server of the other tests are never touched.
// One port per Playwright worker (TEST_PARALLEL_INDEX), so that two runs of this file at once
// (--repeat-each with two workers) never reach each other's server.
const PORT = Number(process.env.E2E_UPDATE_PORT ?? E2E_PORT + 20) + Number(process.env.TEST_PARALLEL_INDEX ?? 0);
const HOST = '127.0.0.1';
const BASE_URL = `http://${HOST}:${PORT}`;
const VITE = join(process.cwd(), 'node_modules', 'vite', 'bin', 'vite.js');

let outDir: string;
let preview: PreviewServer | undefined;

/** Runs `vite build` into the temporary outDir; SHOP_BUILD_ID becomes <meta name="build-id">. */
function build(buildId: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [VITE, 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'], {
      env: { ...process.env, SHOP_BUILD_ID: buildId },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout?.on('data', (chunk) => (output += chunk));
    child.stderr?.on('data', (chunk) => (output += chunk));
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`vite build (${buildId}) exited with ${code}:\n${output}`))));
  });
}

const buildIdOf = (page: Page) => page.locator('meta[name="build-id"]').getAttribute('content');
const UPDATE_TEXT = 'Une nouvelle version est disponible.';

/** The build id of the version being served; each test deploys the next one. */
let current = '';
let deployed = 0;

async function deployNext(): Promise<string> {
  deployed += 1;
  current = `e2e-version-${deployed}`;
  await build(current);
  return current;
}

/** The first version: the shared build, as it is. */
function deployDist(): void {
  cpSync('dist', outDir, { recursive: true });
  const id = /<meta name="build-id" content="([^"]+)"/.exec(readFileSync(join(outDir, 'index.html'), 'utf8'))?.[1];
  if (!id) throw new Error('dist/index.html has no <meta name="build-id">: run `vite build` first');
  current = id;
}

/** From "a new version is deployed" to "the page runs it", the shopper clicking once. */
async function updateThroughBanner(page: Page, from: string) {
  // Chromium (150) may leave a worker waiting for good when skipWaiting meets requests still
  // going to the old worker: the shopper's click comes once the page has settled.
  await page.waitForLoadState('networkidle');
  const next = await deployNext();
  // What the browser does on a navigation or every 24 h, asked for now.
  await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.getRegistration();
    await registration?.update();
  });

  // The new worker is installed and waits for the shopper: the old version still runs the page.
  await page.waitForFunction(async () => (await navigator.serviceWorker.getRegistration())?.waiting != null);
  // Announced once the page's own registration (3 s after its load event, src/app/register-pwa.ts)
  // sees the waiting worker, then the banner's code downloaded: late on a loaded machine (the same
  // wait as deploy.spec.ts's expectUpdateOffered).
  await expect(page.getByText(UPDATE_TEXT)).toBeVisible({ timeout: 30_000 });
  expect(await buildIdOf(page)).toBe(from);

  await Promise.all([page.waitForEvent('load', { timeout: 15_000 }), page.getByRole('button', { name: 'Mettre à jour' }).click()]);

  await expect.poll(() => buildIdOf(page)).toBe(next);
  await expect(page.getByRole('heading', { level: 1, name: 'Boutique' })).toBeVisible();
  await expect(page.getByText(UPDATE_TEXT)).toHaveCount(0);
  const state = await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.getRegistration();
    return { waiting: Boolean(registration?.waiting), controlled: navigator.serviceWorker.controller !== null };
  });
  expect(state).toEqual({ waiting: false, controlled: true });
}

test.describe('a new version of the shop', () => {
  // The worker brings the update (playwright.config.ts blocks it elsewhere).
  test.use({ serviceWorkers: 'allow' });
  test.describe.configure({ mode: 'serial', timeout: 120_000 });

  test.beforeAll(async () => {
    outDir = mkdtempSync(join(tmpdir(), 'boutique-update-'));
    deployDist();
    preview = await startPreview(outDir, HOST, PORT);
  });

  test.afterAll(async () => {
    await preview?.stop();
    if (outDir) rmSync(outDir, { recursive: true, force: true });
  });

  test('reaches a returning shopper: the update banner shows, one click runs the new version', async ({ page }) => {
    const from = current;
    await page.goto(`${BASE_URL}/boutique`);
    await waitForServiceWorker(page);
    // A returning shopper: the page was opened under the worker's control.
    await page.reload();
    expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    expect(await buildIdOf(page)).toBe(from);
    await updateThroughBanner(page, from);
  });

  test('reaches a first visit still open when it is deployed: same banner, same click', async ({ page }) => {
    const from = current;
    await page.goto(`${BASE_URL}/boutique`);
    await waitForServiceWorker(page);
    expect(await buildIdOf(page)).toBe(from);
    await updateThroughBanner(page, from);
  });
});
