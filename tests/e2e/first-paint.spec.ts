import { expect, test, type Page } from '@playwright/test';
import { inStock } from './demo-data';

// The built index.html starts the current page's chunk and the demo catalogue itself
// (scripts/vite/first-paint-hints.ts). A head start is only worth it if the browser then uses
// what it fetched: a preload whose mode differs from the later request is downloaded twice.

interface Fetched {
  name: string;
  initiatorType: string;
  startTime: number;
  responseEnd: number;
}

async function fetched(page: Page): Promise<Fetched[]> {
  return page.evaluate(() =>
    (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).map((entry) => ({
      name: new URL(entry.name).pathname,
      initiatorType: entry.initiatorType,
      startTime: entry.startTime,
      responseEnd: entry.responseEnd,
    })),
  );
}

/** The one download of a file; the test fails if there were none or several. */
function once(files: Fetched[], pattern: RegExp): Fetched {
  const matching = files.filter((f) => pattern.test(f.name));
  expect(matching.map((f) => f.name), `downloads of ${pattern}`).toHaveLength(1);
  return matching[0]!;
}

const MAIN_CHUNK = /\/assets\/index-[\w-]+\.js$/;
const CATALOGUE = /\/assets\/demo-catalogue-[\w-]+\.json$/;

/**
 * Asked for before the main chunk had even arrived, so not by its code (which runs only
 * once it is there): by the HTML's own hints.
 */
function expectStartedByTheHtml(file: Fetched, main: Fetched) {
  expect(file.startTime, `${file.name} starts before ${main.name} has arrived`).toBeLessThan(main.responseEnd);
}

test.use({ serviceWorkers: 'block' });

test('the shop page arrives with its code and the catalogue already on the way, each fetched once', async ({ page }) => {
  await page.goto('/boutique');
  // A card, not its skeleton: the catalogue has arrived, so its download is in the timings.
  await expect(page.getByRole('article').first()).toBeVisible();
  const files = await fetched(page);

  const main = once(files, MAIN_CHUNK);
  expectStartedByTheHtml(once(files, /\/assets\/shop-page-[\w-]+\.js$/), main);
  // Fetched once, from the hint: the adapter's own fetch() then took the preloaded response.
  const catalogue = once(files, CATALOGUE);
  expect(catalogue.initiatorType).toBe('link');
  expectStartedByTheHtml(catalogue, main);
  // The styles come with the HTML: no stylesheet to wait for before the first paint.
  expect(files.filter((f) => f.name.endsWith('.css'))).toEqual([]);
});

test('a product page starts its own chunk, not the shop page’s', async ({ page }) => {
  const [product] = inStock(1);
  await page.goto(`/produit/${product!.slug}`);
  await expect(page.getByRole('heading', { level: 1, name: product!.name })).toBeVisible();
  const files = await fetched(page);
  const main = once(files, MAIN_CHUNK);
  expectStartedByTheHtml(once(files, /\/assets\/product-page-[\w-]+\.js$/), main);
  expect(files.some((f) => /\/assets\/shop-page-/.test(f.name))).toBe(false);
  expect(once(files, CATALOGUE).initiatorType).toBe('link');
});

test('the first paint needs the HTML alone: no script, no stylesheet file, the header has the shop’s colours', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  await context.route(/\.css(\?|$)/, (route) => route.abort());
  const page = await context.newPage();
  await page.goto('/boutique');
  // --brand (#1f4e5f), from the stylesheet inlined in index.html.
  await expect(page.locator('.site-header .brand')).toHaveCSS('color', 'rgb(31, 78, 95)');
  await context.close();
});

test('the page the HTML describes is painted before the shop’s code starts, even when the code is already there', async ({ page }) => {
  // Time of the first change React makes to #root, and of the first contentful paint.
  await page.addInitScript(() => {
    const w = window as unknown as { rootChangedAt?: number };
    new MutationObserver((_, observer) => {
      const root = document.getElementById('root');
      if (!root) return;
      observer.disconnect();
      new MutationObserver((__, rootObserver) => {
        w.rootChangedAt ??= performance.now();
        rootObserver.disconnect();
      }).observe(root, { childList: true, subtree: true });
    }).observe(document, { childList: true, subtree: true });
  });
  // Twice: the second visit finds the main chunk in the HTTP cache, ready before parsing ends.
  for (const visit of [1, 2]) {
    await page.goto('/boutique');
    await expect(page.getByRole('article').first()).toBeVisible();
    const { paintedAt, rootChangedAt } = await page.evaluate(() => ({
      paintedAt: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
      rootChangedAt: (window as unknown as { rootChangedAt?: number }).rootChangedAt,
    }));
    expect(paintedAt, `visit ${visit}: a first contentful paint`).toBeDefined();
    expect(rootChangedAt, `visit ${visit}: React rendered`).toBeDefined();
    expect(paintedAt!, `visit ${visit}: painted before React changed the page`).toBeLessThan(rootChangedAt!);
  }
});
