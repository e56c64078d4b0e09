import { expect, test, type CDPSession, type Page } from '@playwright/test';
import { inStock } from './demo-data';
import { addToCartFromProductPage, expectCartCount, stored } from './helpers';

const OFFLINE_NOTICE = 'Vous êtes hors ligne\u00a0: le panier et les favoris restent disponibles.';
const DEFAULT_PICTURE = '/images/stock/produit-par-defaut.svg';

interface StoredLine {
  id: string;
  quantity: number;
}

/** Resolves once the service worker is active and controls the page (clientsClaim: no reload needed). */
async function waitForServiceWorker(page: Page) {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}

/** The pictures of the page that have finished loading and show something. */
async function loadedPictures(page: Page): Promise<string[]> {
  await page.waitForLoadState('networkidle');
  return page.evaluate(() =>
    [...document.images]
      .filter((img) => img.complete && img.naturalWidth > 0)
      .map((img) => new URL(img.currentSrc || img.src).pathname),
  );
}

/**
 * context.setOffline(true) cuts the network for the page and its worker for good, but Chromium
 * forgets the emulated navigator.onLine each time a new document commits (checked with
 * Chromium 150: fetches still fail, navigator.onLine reads true again). A shopper's browser
 * has no such gap, so after each offline navigation the test tells the page again.
 */
async function resyncOffline(cdp: CDPSession) {
  await cdp.send('Network.emulateNetworkConditions', { offline: true, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
}

/** Every picture in `paths` is on the page, loaded and not broken. */
async function expectPicturesShown(page: Page, paths: readonly string[]) {
  for (const path of new Set(paths)) {
    const picture = page.locator(`img[src="${path}"]`).first();
    await expect(picture).toBeAttached();
    await picture.scrollIntoViewIfNeeded();
    await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), {
      message: `${path} shows offline`,
    }).toBe(true);
  }
}

test('once visited, the shop opens offline: home, shop, product page and cart, and the cart keeps working', async ({
  page,
  context,
}) => {
  const [kept, addedOffline] = inStock(2);
  const productPath = `/produit/${addedOffline!.slug}`;

  // Online, once: the worker installs (precache) and takes control of this first visit.
  await page.goto('/');
  await waitForServiceWorker(page);
  await addToCartFromProductPage(page, kept!.slug);
  await expectCartCount(page, 1);

  // Still online, the pages the shopper meets; their catalogue pictures go to the runtime cache.
  const pictures = new Map<string, string[]>();
  for (const [path, ready] of [
    ['/', () => page.getByRole('heading', { level: 1, name: 'Des objets simples pour la maison' })],
    ['/boutique', () => page.getByRole('heading', { level: 1, name: 'Boutique' })],
    [productPath, () => page.getByRole('heading', { level: 1, name: addedOffline!.name })],
    ['/panier', () => page.getByTestId('cart-line')],
  ] as const) {
    await page.goto(path);
    await expect(ready()).toBeVisible();
    const shown = (await loadedPictures(page)).filter((src) => src.startsWith('/images/catalogue/'));
    expect(shown.length, `catalogue pictures on ${path}`).toBeGreaterThan(0);
    pictures.set(path, shown);
  }
  const cachedOnline = await page.evaluate(
    (paths) => Promise.all(paths.map(async (path) => (await caches.match(path)) !== undefined)),
    [...pictures.values()].flat(),
  );
  expect(cachedOnline.every(Boolean), 'every picture met online is in the cache').toBe(true);

  await context.setOffline(true);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  const offlineTo = async (path: string | null) => {
    await (path === null ? page.reload() : page.goto(path));
    await resyncOffline(cdp);
  };

  // The network is really gone for the worker too: a catalogue picture never met online
  // comes back as the default product picture (its offline fallback), not from the server.
  const neverMet = await page.evaluate(async () => {
    const response = await fetch('/images/catalogue/produits/jamais-vue-hors-ligne.svg');
    return response.ok ? response.text() : `HTTP ${response.status}`;
  });
  // (Precached files are stored under their revision: ?__WB_REVISION__=…)
  const defaultPicture = await page.evaluate(
    async (path) => (await caches.match(path, { ignoreSearch: true }))?.text(),
    DEFAULT_PICTURE,
  );
  expect(defaultPicture).toBeTruthy();
  expect(neverMet).toBe(defaultPicture);

  await offlineTo('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Des objets simples pour la maison' })).toBeVisible();
  await expect(page.getByTestId('offline-indicator')).toHaveText(OFFLINE_NOTICE);
  await expect(page.getByRole('heading', { name: 'Nos catégories' })).toBeVisible();
  await expectPicturesShown(page, pictures.get('/')!);
  await expectCartCount(page, 1);

  await offlineTo('/boutique');
  await expect(page.getByRole('heading', { level: 1, name: 'Boutique' })).toBeVisible();
  await expect(page.getByRole('article').first()).toBeVisible();
  expect(await page.getByRole('article').count()).toBeGreaterThan(1);
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expectPicturesShown(page, pictures.get('/boutique')!);

  await offlineTo(productPath);
  await expect(page.getByRole('heading', { level: 1, name: addedOffline!.name })).toBeVisible();
  await expectPicturesShown(page, pictures.get(productPath)!);
  // Adding to the cart needs no network, and survives a reload with none.
  await page.getByRole('button', { name: 'Ajouter au panier', exact: true }).click();
  await expectCartCount(page, 2);
  await offlineTo(null);
  await expect(page.getByRole('heading', { level: 1, name: addedOffline!.name })).toBeVisible();
  await expectCartCount(page, 2);

  await offlineTo('/panier');
  await offlineTo(null);
  await expect(page.getByRole('heading', { level: 1, name: 'Votre panier' })).toBeVisible();
  await expect(page.getByTestId('offline-indicator')).toHaveText(OFFLINE_NOTICE);
  await expect(page.getByTestId('cart-line')).toHaveCount(2);
  await expect(page.getByTestId('cart-line').filter({ hasText: kept!.name })).toBeVisible();
  await expect(page.getByTestId('cart-line').filter({ hasText: addedOffline!.name })).toBeVisible();
  await expectPicturesShown(page, pictures.get('/panier')!);
  const lines = await stored<StoredLine[]>(page, 'cart');
  expect(lines?.map((line) => [line.id, line.quantity])).toEqual([
    [kept!.id, 1],
    [addedOffline!.id, 1],
  ]);

  // Back online, the notice goes.
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
  await context.setOffline(false);
  await expect(page.getByTestId('offline-indicator')).toHaveText('');
});
