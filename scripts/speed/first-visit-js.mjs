// The JavaScript a visitor downloads on a first visit to one page: every script the page
// loads until the network is idle, plus what it loads a moment after (the shop registers its
// service worker and loads web-vitals 3 s after `load`): the page's own clock must be 4 s past
// `load` and no request under way, so a slow machine counts the same files as a fast one. The service worker is blocked: it
// would precache every chunk in the background, and the figure is what the page itself needs.
// Every body is gzipped here at level 9, so the figure does not depend on how the server
// compresses. Used by the budget (check-bundle-budget.mjs) and the speed bench (bench-floor.mjs).
import { constants, gzipSync } from 'node:zlib';

// A guard against a page that never settles, not a measure: bytes do not depend on the wait.
const PAGE_TIMEOUT_MS = 60_000;
const DEFERRED_LOADS_MS = 4_000;

function isJavaScript(response) {
  const type = response.headers()['content-type'] ?? '';
  return response.request().resourceType() === 'script' || /javascript|ecmascript/.test(type);
}

/**
 * `browser`: a Playwright browser (each call opens its own context, so calls may run in
 * parallel). Resolves to [{ path, rawBytes, gzipBytes }], one entry per distinct URL.
 */
export async function measureFirstVisitJs(browser, url) {
  const context = await browser.newContext({ serviceWorkers: 'block', locale: 'fr-FR' });
  try {
    const page = await context.newPage();
    const bodies = [];
    let pending = 0;
    page.on('request', () => (pending += 1));
    for (const settled of ['requestfinished', 'requestfailed']) page.on(settled, () => (pending -= 1));
    page.on('response', (response) => {
      if (response.status() !== 200 || !isJavaScript(response)) return;
      // Settled whatever happens: when the page fails first (a timeout), the context closes
      // under a body still being read, and that must not hide the page's own error.
      bodies.push(
        response.body().then(
          (body) => ({ url: response.url(), body }),
          (error) => ({ url: response.url(), error }),
        ),
      );
    });
    await page.goto(url, { waitUntil: 'networkidle', timeout: PAGE_TIMEOUT_MS });
    // The deferred loads start a fixed time after `load` by the page's own clock: wait until that
    // clock is past it, however slowly the page got there, then until every request has ended.
    await page.waitForFunction((ms) => performance.timing.loadEventEnd > 0 && Date.now() - performance.timing.loadEventEnd > ms, DEFERRED_LOADS_MS, {
      timeout: PAGE_TIMEOUT_MS,
    });
    const deadline = Date.now() + PAGE_TIMEOUT_MS;
    while (pending > 0 && Date.now() < deadline) await page.waitForTimeout(100);
    const seen = new Map();
    for (const { url: file, body, error } of await Promise.all(bodies)) {
      if (error) throw new Error(`${file}: its body could not be read (${error.message})`);
      seen.set(file, body);
    }
    return [...seen].map(([file, body]) => {
      const gzipBytes = gzipSync(body, { level: constants.Z_BEST_COMPRESSION }).length;
      return { path: new URL(file).pathname, rawBytes: body.length, gzipBytes };
    });
  } finally {
    await context.close();
  }
}

export const totalGzipBytes = (files) => files.reduce((sum, f) => sum + f.gzipBytes, 0);
