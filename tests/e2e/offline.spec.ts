import { type Locator, type Page } from '@playwright/test';
import { expect, test } from './checkpoints';
import { inStock } from './demo-data';
import { addToCartFromProductPage, expectCartCount, goOffline, JOURNEY_TIMEOUT_MS, stored, waitForServiceWorker } from './helpers';

const OFFLINE_NOTICE = 'Vous êtes hors ligne\u00a0: le panier et les favoris restent disponibles.';
const DEFAULT_PICTURE = '/images/stock/produit-par-defaut.svg';

interface StoredLine {
  id: string;
  quantity: number;
}

/** The pictures of the page that have finished loading and show something. */
async function loadedPictures(page: Page): Promise<string[]> {
  await page.waitForLoadState('networkidle');
  return page.evaluate(() =>
    [...document.images].filter((img) => img.complete && img.naturalWidth > 0).map((img) => new URL(img.currentSrc || img.src).pathname),
  );
}

/** Those of `paths` that Cache Storage does not hold. */
function notCached(page: Page, paths: readonly string[]): Promise<string[]> {
  return page.evaluate(
    async (list) => (await Promise.all(list.map(async (path) => ((await caches.match(path)) ? null : path)))).filter((p) => p !== null),
    [...paths],
  );
}

/**
 * Those of `paths` the page does not show yet: no such picture, or not loaded. One round trip
 * for all of them; each one still loading is scrolled to, as a lazy picture loads only near
 * the viewport.
 */
function notShown(page: Page, paths: readonly string[]): Promise<string[]> {
  return page.evaluate(
    (list) =>
      list.filter((path) => {
        const img = document.querySelector<HTMLImageElement>(`img[src="${path}"]`);
        if (img?.complete && img.naturalWidth > 0) return false;
        img?.scrollIntoView({ block: 'center' });
        return true;
      }),
    [...new Set(paths)],
  );
}

/** Every picture in `paths` is on the page, loaded and not broken. */
async function expectPicturesShown(page: Page, paths: readonly string[]) {
  await expect.poll(() => notShown(page, paths), { message: `pictures not shown offline on ${page.url()}` }).toEqual([]);
}

// The worker is what these tests are about (playwright.config.ts blocks it elsewhere).
test.use({ serviceWorkers: 'allow' });

// Two tests, each of them a shopper's visit: the setup (the worker installs, pages are met
// online) is repeated, so that neither carries the work of both within one test's time.

test('once visited, every page opens offline with the pictures the shopper saw', async ({ page, context, checkpoint }) => {
  test.setTimeout(JOURNEY_TIMEOUT_MS);
  const [product] = inStock(1);
  const productPath = `/produit/${product!.slug}`;

  // Online, the pages the shopper meets; their catalogue pictures go to the runtime cache.
  const pictures = new Map<string, string[]>();
  const keepPicturesOf = async (path: string) => {
    const shown = (await loadedPictures(page)).filter((src) => src.startsWith('/images/catalogue/'));
    expect(shown.length, `catalogue pictures on ${path}`).toBeGreaterThan(0);
    // Stale-while-revalidate hands a picture to the page first and stores it afterwards: until
    // that write is done, an offline page gets the default picture instead. So the test goes
    // offline only once every picture it met is in the cache.
    await expect.poll(() => notCached(page, shown), { message: `pictures of ${path} not in the cache` }).toEqual([]);
    pictures.set(path, shown);
  };
  const meet = async (path: string, ready: () => Locator) => {
    await page.goto(path);
    await expect(ready()).toBeVisible();
    await keepPicturesOf(path);
  };

  // The first page: the worker installs (precache) and takes control of it. The pictures it
  // showed before the worker existed are cached all the same (the page hands them over).
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Des objets simples pour la maison' })).toBeVisible();
  await waitForServiceWorker(page);
  await keepPicturesOf('/');
  await meet('/boutique', () => page.getByRole('heading', { level: 1, name: 'Boutique' }));
  await meet(productPath, () => page.getByRole('heading', { level: 1, name: product!.name }));
  await page.getByRole('button', { name: 'Ajouter au panier', exact: true }).click();
  await expectCartCount(page, 1);
  await meet('/panier', () => page.getByTestId('cart-line'));

  const offline = await goOffline(page, context);

  // The network is really gone for the worker too: a catalogue picture never met online
  // comes back as the default product picture (its offline fallback), not from the server.
  const neverMet = await page.evaluate(async () => {
    const response = await fetch('/images/catalogue/produits/jamais-vue-hors-ligne.svg');
    return response.ok ? response.text() : `HTTP ${response.status}`;
  });
  // (Precached files are stored under their revision: ?__WB_REVISION__=…)
  const defaultPicture = await page.evaluate(async (path) => (await caches.match(path, { ignoreSearch: true }))?.text(), DEFAULT_PICTURE);
  expect(defaultPicture).toBeTruthy();
  expect(neverMet).toBe(defaultPicture);

  await offline.open('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Des objets simples pour la maison' })).toBeVisible();
  await expect(page.getByTestId('offline-indicator')).toHaveText(OFFLINE_NOTICE);
  await expect(page.getByRole('heading', { name: 'Nos catégories' })).toBeVisible();
  await expectPicturesShown(page, pictures.get('/')!);
  await expectCartCount(page, 1);
  await checkpoint('accueil hors ligne');

  await offline.open('/boutique');
  await expect(page.getByRole('heading', { level: 1, name: 'Boutique' })).toBeVisible();
  await expect(page.getByRole('article').nth(1)).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expectPicturesShown(page, pictures.get('/boutique')!);

  await offline.open(productPath);
  await expect(page.getByRole('heading', { level: 1, name: product!.name })).toBeVisible();
  await expectPicturesShown(page, pictures.get(productPath)!);
  await checkpoint('produit hors ligne', { axe: false });

  await offline.open('/panier');
  await expect(page.getByRole('heading', { level: 1, name: 'Votre panier' })).toBeVisible();
  await expect(page.getByTestId('cart-line').filter({ hasText: product!.name })).toBeVisible();
  await expectPicturesShown(page, pictures.get('/panier')!);

  // Shown, and the pictures themselves: offline, the worker serves each one from its cache,
  // not the default picture that stands in for a picture never met.
  const metOnline = [...new Set([...pictures.values()].flat())];
  const servedAsDefault = await page.evaluate(
    async ({ paths, fallback }) =>
      (await Promise.all(paths.map(async (path) => ((await (await fetch(path)).text()) === fallback ? path : null)))).filter((path) => path !== null),
    { paths: metOnline, fallback: defaultPicture! },
  );
  expect(servedAsDefault, 'pictures met online, served offline as the default picture').toEqual([]);

  // Back online, the notice goes.
  await offline.backOnline();
  await expect(page.getByTestId('offline-indicator')).toHaveText('');
});

// On a phone: the offline notice in the header at its narrowest.
test('offline, the cart keeps working: a product added with no network is still there after a reload', async ({ page, context, checkpoint }) => {
  test.setTimeout(JOURNEY_TIMEOUT_MS);
  await page.setViewportSize({ width: 375, height: 812 });
  const [kept, addedOffline] = inStock(2);
  const productPath = `/produit/${addedOffline!.slug}`;

  await page.goto('/');
  await waitForServiceWorker(page);
  await addToCartFromProductPage(page, kept!.slug);
  await expectCartCount(page, 1);

  const offline = await goOffline(page, context);
  // A product page never opened online: the precached shell and catalogue are enough.
  await offline.open(productPath);
  await expect(page.getByRole('heading', { level: 1, name: addedOffline!.name })).toBeVisible();
  await page.getByRole('button', { name: 'Ajouter au panier', exact: true }).click();
  await expectCartCount(page, 2);
  await offline.open(null);
  await expect(page.getByRole('heading', { level: 1, name: addedOffline!.name })).toBeVisible();
  await expectCartCount(page, 2);

  await offline.open('/panier');
  await expect(page.getByRole('heading', { level: 1, name: 'Votre panier' })).toBeVisible();
  await expect(page.getByTestId('offline-indicator')).toHaveText(OFFLINE_NOTICE);
  await expect(page.getByTestId('cart-line')).toHaveCount(2);
  await expect(page.getByTestId('cart-line').filter({ hasText: kept!.name })).toBeVisible();
  await expect(page.getByTestId('cart-line').filter({ hasText: addedOffline!.name })).toBeVisible();
  await checkpoint('panier hors ligne');
  const lines = await stored<StoredLine[]>(page, 'cart');
  expect(lines?.map((line) => [line.id, line.quantity])).toEqual([
    [kept!.id, 1],
    [addedOffline!.id, 1],
  ]);
});
