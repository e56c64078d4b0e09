import { type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { inStock } from './demo-data';

// The built index.html starts the demo catalogue at once and the current page's chunk as soon
// as it has painted, before the main chunk runs (scripts/vite/first-paint-hints.ts). A head
// start is only worth it if the browser then uses what it fetched: a preload whose mode
// differs from the later request is downloaded twice.

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
  expect(
    matching.map((f) => f.name),
    `downloads of ${pattern}`,
  ).toHaveLength(1);
  return matching[0]!;
}

const MAIN_CHUNK = /\/assets\/index-[\w-]+\.js$/;
const CATALOGUE = /\/assets\/demo-catalogue-[\w-]+\.json$/;

/**
 * When the main chunk's code first changed the page (React replacing #root's content). Watched
 * from the end of parsing: before it, the parser itself is still filling #root.
 */
async function recordFirstRender(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { rootChangedAt?: number };
    document.addEventListener('DOMContentLoaded', () => {
      const root = document.getElementById('root');
      if (!root) return;
      new MutationObserver((_, observer) => {
        w.rootChangedAt ??= performance.now();
        observer.disconnect();
      }).observe(root, { childList: true, subtree: true });
    });
  });
}

const firstRender = (page: Page) => page.evaluate(() => (window as unknown as { rootChangedAt?: number }).rootChangedAt);

/**
 * Asked for by the HTML's own script (a modulepreload link of its own: the main chunk's code
 * would import the page's chunk, and add links only for what that chunk imports), before the
 * main chunk's code had rendered anything.
 */
async function expectStartedByTheHtml(page: Page, file: Fetched, renderedAt: number | undefined) {
  const links = await page.evaluate(() =>
    [...document.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map((link) => new URL(link.href).pathname),
  );
  expect(links, `a modulepreload link for ${file.name}`).toContain(file.name);
  expect(renderedAt, 'React rendered').toBeDefined();
  expect(file.startTime, `${file.name} starts before the main chunk's code renders`).toBeLessThan(renderedAt!);
}

test.use({ serviceWorkers: 'block' });

test('the shop page arrives with its code and the catalogue already on the way, each fetched once', async ({ page }) => {
  await recordFirstRender(page);
  await page.goto('/boutique');
  // A card, not its skeleton: the catalogue has arrived, so its download is in the timings.
  await expect(page.getByRole('article').first()).toBeVisible();
  // A prerendered page starts its code once painted: the header's count shows once it has run.
  await expect(page.getByTestId('cart-count')).toHaveText(/^\d+$/);
  const files = await fetched(page);

  once(files, MAIN_CHUNK);
  const renderedAt = await firstRender(page);
  await expectStartedByTheHtml(page, once(files, /\/assets\/shop-page-[\w-]+\.js$/), renderedAt);
  // Fetched once, from the hint: the adapter's own fetch() then took the preloaded response.
  const catalogue = once(files, CATALOGUE);
  expect(catalogue.initiatorType).toBe('link');
  // Started by the HTML's script while the page was being read, long before the main chunk's
  // code runs (after the first paint). Not compared with the main chunk's download: the
  // browser's preload scanner may fetch that one before the script has even run.
  expect(catalogue.startTime).toBeLessThan(renderedAt!);
  // The styles come with the HTML: no stylesheet to wait for before the first paint.
  expect(files.filter((f) => f.name.endsWith('.css'))).toEqual([]);
});

test('a product page starts its own chunk, not the shop page’s', async ({ page }) => {
  const [product] = inStock(1);
  await recordFirstRender(page);
  await page.goto(`/produit/${product!.slug}`);
  await expect(page.getByRole('heading', { level: 1, name: product!.name })).toBeVisible();
  // A prerendered page starts its code once painted: the header's count shows once it has run.
  await expect(page.getByTestId('cart-count')).toHaveText(/^\d+$/);
  const files = await fetched(page);
  once(files, MAIN_CHUNK);
  await expectStartedByTheHtml(page, once(files, /\/assets\/product-page-[\w-]+\.js$/), await firstRender(page));
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
  await recordFirstRender(page);
  // Twice: the second visit finds the main chunk in the HTTP cache, ready before parsing ends.
  for (const visit of [1, 2]) {
    await page.goto('/boutique');
    await expect(page.getByRole('article').first()).toBeVisible();
    // The shop's code has run: it has filled the header's count.
    await expect(page.getByTestId('cart-count')).toHaveText(/^\d+$/);
    const paintedAt = await page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime);
    const renderedAt = await firstRender(page);
    expect(paintedAt, `visit ${visit}: a first contentful paint`).toBeDefined();
    expect(renderedAt, `visit ${visit}: React rendered`).toBeDefined();
    expect(paintedAt!, `visit ${visit}: painted before React changed the page`).toBeLessThan(renderedAt!);
  }
});

test('a first visit to / downloads no script before its largest paint', async ({ page }) => {
  // A script asked for by the code while the page renders (a chunk imported by a component or
  // an effect) and arrived before the largest picture was painted is, for Lighthouse's
  // simulation over slow 4G, one more round trip on the way to that paint: the shell's chunk of
  // catalogue changes took the LCP of / from 1.6 to 1.8 times the bare stack's.
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('main img').first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  // Largest-contentful-paint entries are only given to an observer (buffered: those already past).
  const largestPaintAt = await page.evaluate(
    () =>
      new Promise<number | undefined>((resolve) => {
        new PerformanceObserver((list, observer) => {
          observer.disconnect();
          resolve(list.getEntries().at(-1)?.startTime);
        }).observe({ type: 'largest-contentful-paint', buffered: true });
      }),
  );
  expect(largestPaintAt, 'a largest contentful paint').toBeDefined();
  const scriptsBeforeIt = (await fetched(page)).filter((f) => f.name.endsWith('.js') && f.responseEnd <= largestPaintAt!).map((f) => f.name);
  // / is prerendered: its HTML names no script, and its code starts once its pictures are
  // painted (docs/prerendering.md), so none arrives before its largest paint.
  expect(scriptsBeforeIt).toEqual([]);
});

test('on /, the category thumbnails are fetched at low priority, never ahead of the product pictures', async ({ page }) => {
  // Chromium raises a picture it finds on screen to High unless the page says otherwise; the
  // thumbnails then shared the slow 4G of Lighthouse's simulation with the product picture that
  // is the largest paint, in some audits and not others (LCP of / 2.14 s or 2.29 s by that alone).
  const priorities = new Map<string, string>();
  const cdp = await page.context().newCDPSession(page);
  const ids = new Map<string, string>();
  cdp.on('Network.requestWillBeSent', ({ requestId, request }) => {
    const path = new URL(request.url).pathname;
    ids.set(requestId, path);
    priorities.set(path, request.initialPriority);
  });
  cdp.on('Network.resourceChangedPriority', ({ requestId, newPriority }) => {
    const path = ids.get(requestId);
    if (path) priorities.set(path, newPriority);
  });
  await cdp.send('Network.enable');
  await page.goto('/');
  const thumbnails = page.getByRole('region', { name: 'Nos catégories' }).locator('img');
  await expect(thumbnails.first()).toBeVisible();
  await expect(page.locator('main img').last()).toBeAttached();
  await page.waitForLoadState('networkidle');
  const asked = [...priorities].filter(([path]) => path.startsWith('/images/catalogue/categories/'));
  expect(asked.length, 'thumbnails on the first screen').toBeGreaterThan(0);
  expect(asked.filter(([, priority]) => priority !== 'Low' && priority !== 'VeryLow')).toEqual([]);
});

/** The header's box and its links' boxes, as painted. */
async function headerBoxes(page: Page) {
  return page.locator('.site-header, .site-header a').evaluateAll((elements) =>
    elements.map((element) => {
      const { x, y, width, height } = element.getBoundingClientRect();
      return { element: `${element.tagName} ${element.getAttribute('href') ?? ''}`, x, y, width, height };
    }),
  );
}

test('the shell’s header (written by the build from the app’s) keeps its size and its links’ places when the app takes over, on a desktop and a phone', async ({
  browser,
}) => {
  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 375, height: 667 },
  ]) {
    // /panier has no page written ahead of time: it is served the shell.
    const htmlAlone = await browser.newContext({ javaScriptEnabled: false, viewport });
    const painted = await htmlAlone.newPage();
    await painted.goto('/panier');
    await expect(painted.getByTestId('cart-count'), 'no count before the browser’s state is read').toHaveText('');
    const before = await headerBoxes(painted);
    await htmlAlone.close();

    const running = await browser.newContext({ viewport, serviceWorkers: 'block' });
    const page = await running.newPage();
    await page.goto('/panier');
    await expect(page.getByTestId('cart-count'), 'the app has taken over').toHaveText('0');
    expect(await headerBoxes(page), `${viewport.width} px: the header as the HTML painted it`).toEqual(before);
    await running.close();
  }
});
