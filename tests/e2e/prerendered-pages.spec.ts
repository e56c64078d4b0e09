import { type Page, type TestInfo } from '@playwright/test';
import { expect, test } from './fixtures';
import { arrange } from './arrange';
import { inStock } from './demo-data';
import { addToCart, expectCartCount, goOffline, JOURNEY_TIMEOUT_MS, productCard, stored, waitForServiceWorker } from './helpers';
import {
  CATALOGUE_PAGES,
  DEMO_NAMES,
  EUROS,
  expectTakenOver,
  HOME,
  LEGAL_PAGE,
  MAIN_CHUNK,
  PRODUCT,
  PRODUCT_PAGE,
  priceOf,
  SHOP,
  shownPrice,
  takeover,
  watchConsole,
  watchTakeover,
  type PrerenderedPage,
} from './prerendered';

// Issue 22: the catalogue's pages are HTML written by the build. Without JavaScript they show
// what a visitor came for; with it, the shop's code takes that HTML over (hydration) without a
// console error, without replacing it, and without losing a tap made before it arrived.

const WIDTHS = [375, 1280] as const;

interface StoredLine {
  id: string;
  quantity: number;
}

/** The whole page as shown, in the test's output (test-results/…) and its report. */
async function keepScreenshot(page: Page, testInfo: TestInfo, name: string) {
  const path = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path, fullPage: true });
  await testInfo.attach(name, { path, contentType: 'image/png' });
}

/** The page's products (its cards; on a product page, the product itself first), each shown with a demo product's name, a price in euros and a loaded picture. */
async function expectProductsShown(page: Page, where: PrerenderedPage) {
  const main = page.getByRole('main');
  const products = main.getByRole('article');
  await expect(products.first()).toBeVisible();
  const names = await products.evaluateAll((articles) =>
    articles.map((article) => {
      const label = article.getAttribute('aria-labelledby');
      return (label ? document.getElementById(label)?.textContent : null) ?? '';
    }),
  );
  expect(names.length, `products on ${where.path}`).toBeGreaterThan(0);
  expect(
    names.filter((name) => !DEMO_NAMES.has(name)),
    `articles of ${where.path} that name no product of the catalogue`,
  ).toEqual([]);

  const prices = (await main.locator('.price__current').allTextContents()).map(shownPrice);
  expect(prices.length, `prices on ${where.path}`).toBeGreaterThanOrEqual(names.length);
  expect(
    prices.filter((price) => !EUROS.test(price)),
    `prices of ${where.path} not written as « 12,50 € »`,
  ).toEqual([]);

  // The first product's picture arrived and has pixels (not a broken or empty image).
  const picture = products.first().locator('img').first();
  await expect(picture).toBeVisible();
  await expect
    .poll(() => picture.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0)), { message: `first picture of ${where.path}` })
    .toBeGreaterThan(0);
}

test.describe('without JavaScript', () => {
  for (const where of CATALOGUE_PAGES) {
    test(`${where.kind} shows its heading, its products with their prices in euros and their pictures, at 375 and 1280 px`, async ({ browser }, testInfo) => {
      const context = await browser.newContext({ javaScriptEnabled: false });
      const page = await context.newPage();
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 800 });
        await page.goto(where.path);
        await expect(page.getByRole('heading', { level: 1, name: where.heading })).toBeVisible();
        await expectProductsShown(page, where);
        if (where === PRODUCT_PAGE) {
          const price = page.locator('.product-detail .price__current');
          await expect(price).toBeVisible();
          expect(shownPrice((await price.textContent()) ?? '')).toBe(priceOf(PRODUCT));
          await expect(page.getByRole('button', { name: 'Ajouter au panier', exact: true })).toBeVisible();
        }
        await keepScreenshot(page, testInfo, `${where.path === '/' ? 'accueil' : where.path.slice(1).replace(/\//g, '-')}-${width}px`);
      }
      await context.close();
    });
  }
});

test.describe('with JavaScript', () => {
  for (const where of [...CATALOGUE_PAGES, LEGAL_PAGE]) {
    test(`${where.kind} is taken over by the shop's code as the HTML shows it, with no console error or warning`, async ({ page }) => {
      const said = watchConsole(page);
      await watchTakeover(page);
      await page.goto(where.path);
      // Written for this very address: the client hydrates it (src/app/main.tsx).
      await expect(page.locator('#etat-prerendu')).toHaveAttribute('data-path', where.path);
      await expectTakenOver(page);
      await expect(page.getByRole('heading', { level: 1, name: where.heading })).toBeVisible();
      await expectCartCount(page, 0);
      // The catalogue is asked again once the page is taken over: its answer is rendered too.
      await page.waitForLoadState('networkidle');
      const seen = await takeover(page);
      expect(seen.hadApp, 'the HTML had the shop’s .app').toBe(true);
      expect(seen.appRemoved, 'the HTML’s .app was removed from the document (rendered anew, not hydrated)').toBe(false);
      expect(seen.appStillThere, 'the .app shown is the HTML’s own element').toBe(true);
      expect(said).toEqual([]);
    });
  }

  test('the cart works from the prerendered pages: a product added from its page and one from the shop’s grid are counted, and still after a reload', async ({
    page,
  }) => {
    const said = watchConsole(page);
    await page.goto(PRODUCT_PAGE.path);
    await expectTakenOver(page);
    await page.getByRole('button', { name: 'Ajouter au panier', exact: true }).click();
    await expectCartCount(page, 1);

    await page.goto(SHOP.path);
    await expectTakenOver(page);
    // The shop's first page lists the newest products: find one of them there.
    const card = page.getByRole('main').getByRole('article').filter({ hasNotText: 'Rupture de stock' }).filter({ hasNotText: PRODUCT.name }).first();
    const name = (await card.getByRole('heading').textContent()) ?? '';
    expect(DEMO_NAMES.has(name), `« ${name} » is a product`).toBe(true);
    await addToCart(page, name);
    await expectCartCount(page, 2);
    await expect.poll(async () => (await stored<StoredLine[]>(page, 'cart'))?.length).toBe(2);

    await page.reload();
    await expectTakenOver(page);
    await expectCartCount(page, 2);
    await expect(productCard(page, name)).toBeVisible();
    expect(said).toEqual([]);
  });

  test('with a cart already stored, a product page hydrates and its header shows the stored count, never « 0 »', async ({ page }) => {
    const [other] = inStock(2).filter((p) => p.id !== PRODUCT.id);
    await arrange(page, {
      cart: [
        { product: PRODUCT, quantity: 2 },
        { product: other!, quantity: 1 },
      ],
    });
    const said = watchConsole(page);
    await watchTakeover(page);
    await page.goto(PRODUCT_PAGE.path);
    await expectTakenOver(page);
    await expectCartCount(page, 3);
    await page.waitForLoadState('networkidle');
    const seen = await takeover(page);
    expect(seen.cartCounts, 'the header’s cart count, over time').not.toContain('0');
    expect(seen.cartCounts.at(-1)).toBe('3');
    expect(seen.appRemoved).toBe(false);
    expect(said).toEqual([]);
  });
});

/**
 * Holds the main chunk (both its modulepreload and its script) until `release()`: the page stays
 * the HTML the build wrote, with its inline script holding what the shopper does.
 */
async function holdMainChunk(page: Page) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let asked!: () => void;
  const chunkAsked = new Promise<void>((resolve) => (asked = resolve));
  await page.route(MAIN_CHUNK, async (route) => {
    asked();
    await released;
    await route.continue();
  });
  return { chunkAsked, release };
}

/** What the page's inline script holds, waiting for the shop's code. */
const heldCount = (page: Page) => page.evaluate(() => (window as unknown as { __boutiqueAvantReprise?: unknown[] }).__boutiqueAvantReprise?.length);

test.describe('before the shop’s code has arrived', () => {
  test('a tap on « Ajouter au panier » is done once the code has arrived: the cart holds one, not zero, not two', async ({ page }) => {
    const said = watchConsole(page);
    const chunk = await holdMainChunk(page);
    await watchTakeover(page);
    // Not 'load': the page's load waits for the held chunk.
    await page.goto(PRODUCT_PAGE.path, { waitUntil: 'domcontentloaded' });
    await expect(page.getByRole('heading', { level: 1, name: PRODUCT.name })).toBeVisible();
    await chunk.chunkAsked;

    // The page is only HTML: the tap is held by its inline script.
    await page.getByRole('button', { name: 'Ajouter au panier', exact: true }).click();
    expect(await heldCount(page)).toBe(1);
    await expect(page.getByTestId('cart-count')).toHaveText('');

    chunk.release();
    await expectTakenOver(page);
    await expectCartCount(page, 1);
    await expect.poll(async () => (await stored<StoredLine[]>(page, 'cart'))?.map((line) => [line.id, line.quantity])).toEqual([[PRODUCT.id, 1]]);
    await page.waitForLoadState('networkidle');
    await expectCartCount(page, 1);
    const seen = await takeover(page);
    expect(seen.cartCounts.at(-1)).toBe('1');
    expect(seen.cartCounts, 'the header’s cart count, over time').not.toContain('2');
    expect(seen.appRemoved).toBe(false);
    expect(said).toEqual([]);
  });

  test('a quantity takes typing only once the code has arrived (nothing typed the shop would not act on), then counts as typed', async ({ page }) => {
    const said = watchConsole(page);
    const chunk = await holdMainChunk(page);
    await page.goto(PRODUCT_PAGE.path, { waitUntil: 'domcontentloaded' });
    await expect(page.getByRole('heading', { level: 1, name: PRODUCT.name })).toBeVisible();
    await chunk.chunkAsked;
    const quantity = page.getByLabel(`Quantité de « ${PRODUCT.name} »`);
    await expect(quantity).not.toBeEditable();

    chunk.release();
    await expectTakenOver(page);
    await expect(quantity).toBeEditable();
    await quantity.fill('3');
    await page.getByRole('button', { name: 'Ajouter au panier', exact: true }).click();
    await expectCartCount(page, 3);
    await expect.poll(async () => (await stored<StoredLine[]>(page, 'cart'))?.map((line) => [line.id, line.quantity])).toEqual([[PRODUCT.id, 3]]);
    expect(said).toEqual([]);
  });

  test('on the shop, « En promotion » ticked before the code is applied once it has arrived; the search box takes typing from then on', async ({ page }) => {
    const said = watchConsole(page);
    const chunk = await holdMainChunk(page);
    await page.goto(SHOP.path, { waitUntil: 'domcontentloaded' });
    await expect(page.getByRole('heading', { level: 1, name: SHOP.heading })).toBeVisible();
    await chunk.chunkAsked;
    await expect(page.getByLabel('Rechercher un produit')).not.toBeEditable();
    await expect(page.getByLabel('Catégorie')).toBeDisabled();
    // Held: the box stays as it was until the code ticks it (a check() would see no change).
    await page.getByRole('checkbox', { name: 'En promotion' }).click();
    expect(await heldCount(page)).toBe(1);

    chunk.release();
    await expectTakenOver(page);
    await expect(page).toHaveURL(/[?&]promo=1(&|$)/);
    await expect(page.getByRole('checkbox', { name: 'En promotion' })).toBeChecked();
    await page.getByLabel('Rechercher un produit').fill('bol');
    await expect(page).toHaveURL(/[?&]q=bol(&|$)/);
    await expect(page).toHaveURL(/[?&]promo=1(&|$)/);
    await expect(productCard(page, 'Bol en grès bleu nuit')).toBeVisible();
    expect(said).toEqual([]);
  });
});

test.describe('offline', () => {
  // The worker is what these tests are about (playwright.config.ts blocks it elsewhere).
  test.use({ serviceWorkers: 'allow' });

  test('a product page never visited opens offline as its own HTML and is taken over without a console error; the cart page opens from the shell', async ({
    page,
    context,
  }) => {
    test.setTimeout(JOURNEY_TIMEOUT_MS);
    const neverVisited = inStock(3).find((p) => p.id !== PRODUCT.id)!;
    const path = `/produit/${neverVisited.slug}`;

    await page.goto(HOME.path);
    await expect(page.getByRole('heading', { level: 1, name: HOME.heading })).toBeVisible();
    await waitForServiceWorker(page);

    const offline = await goOffline(page, context);
    const said = watchConsole(page);
    await watchTakeover(page);
    await offline.open(path);
    // The page written for it, precached: not the shell rendered by the code.
    await expect(page.locator('#etat-prerendu')).toHaveAttribute('data-path', path);
    await expect(page.getByRole('heading', { level: 1, name: neverVisited.name })).toBeVisible();
    await expect(page.locator('.product-detail .price__current')).toContainText(priceOf(neverVisited));
    await expectTakenOver(page);
    await expect(page.getByRole('button', { name: 'Ajouter au panier', exact: true })).toBeEnabled();
    const seen = await takeover(page);
    expect(seen.appRemoved).toBe(false);
    expect(said).toEqual([]);

    await offline.open('/panier');
    await expect(page.getByRole('heading', { level: 1, name: 'Votre panier' })).toBeVisible();
    await expect(page.locator('#etat-prerendu')).toHaveCount(0);
  });
});
