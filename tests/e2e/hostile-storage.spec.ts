import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { LOCAL_SHOP_DATABASE } from '@/domain/indexeddb-schemas';
import { STORAGE_KEYS } from '@/domain/storage-keys';
import { createShopDatabase } from './arrange';
import { SAMPLE_PAYLOADS } from '../support/hostile-payloads';
import { inStock } from './demo-data';

// Issue 27, hostile storage in the browser: before the shop starts, one nasty payload under each
// key it reads (localStorage, page.addInitScript) and a damaged record in its IndexedDB
// catalogue (a product holding its id alone, the catalogue marked edited); the cart holds two
// good lines among bad ones. The home, a product, the cart, favorites and the checkout each
// show their page, with no page error and no console error, the good lines kept. The thousand
// payloads per key run in vitest (tests/unit/hostile/, tests/ui/hostile-storage.test.tsx).

const [FIRST, SECOND] = inStock(2);

/** A cart line as the shop writes it. */
const line = (product: typeof FIRST, quantity: number) => ({
  id: product!.id,
  name: product!.name,
  price: product!.price,
  category: product!.category,
  quantity,
  inStock: true,
});

/** Each key the shop reads, with a payload of its own; the cart mixes good lines and bad ones. */
const PAYLOADS: Record<string, string> = Object.fromEntries(
  Object.values(STORAGE_KEYS).map((key, index) => [key, SAMPLE_PAYLOADS[index % SAMPLE_PAYLOADS.length]!]),
);
PAYLOADS[STORAGE_KEYS.cart] = JSON.stringify([
  line(FIRST, 2),
  { ...line(SECOND, 1), quantity: '3' },
  '\uD800',
  { __proto__: null, constructor: { prototype: { polluted: true } } },
  line(SECOND, 1),
  Array.from({ length: 10_000 }, () => 0),
]);
// Read as « edited »: the catalogue then reads its IndexedDB, where the damaged record waits.
PAYLOADS[STORAGE_KEYS.catalogueChanged] = '1';

const PAGES = [
  { path: '/', heading: 'Des objets simples pour la maison' },
  { path: `/produit/${FIRST!.slug}`, heading: FIRST!.name },
  { path: '/panier', heading: 'Votre panier' },
  { path: '/favoris', heading: 'Vos favoris' },
  { path: '/commande', heading: 'Commande' },
] as const;

/** The damaged catalogue record, written in a page of the shop's origin before the shop runs there. */
async function damageCatalogue(page: Page) {
  await page.route('/__hostile__', (route) => route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>hostile</title>' }));
  await page.goto('/__hostile__');
  await createShopDatabase(page);
  await page.evaluate(async (database) => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open(database);
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    await new Promise<void>((resolve, reject) => {
      const transaction = db.transaction(['products', 'categories'], 'readwrite');
      transaction.objectStore('products').put({ id: 'abime', images: 5, price: 'NaN', __proto__: { polluted: true } });
      transaction.objectStore('categories').put({ slug: 'rayon-abime', position: '\uD800' });
      transaction.oncomplete = () => resolve();
      transaction.onerror = () => reject(transaction.error);
    });
    db.close();
  }, LOCAL_SHOP_DATABASE.name);
  await page.unroute('/__hostile__');
}

for (const width of [375, 1280]) {
  test(`hostile storage at ${width} px: the home, a product, the cart, favorites and the checkout show, the good cart lines kept`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(`console error: ${message.text()}`);
    });
    await damageCatalogue(page);
    // Before every start-up of the shop, as a damaged profile would hold them.
    await page.addInitScript((payloads) => {
      for (const [key, value] of Object.entries(payloads)) localStorage.setItem(key, value);
    }, PAYLOADS);

    for (const { path, heading } of PAGES) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      // The two good lines (2 + 1 articles) are kept; the others are dropped.
      await expect(page.getByTestId('cart-count')).toHaveText('3');
      expect(await page.locator('#root').evaluate((node) => node.childElementCount)).toBeGreaterThan(0);
    }
    await page.goto('/panier');
    await expect(page.getByTestId('cart-line')).toHaveCount(2);
    expect(problems).toEqual([]);
  });
}
