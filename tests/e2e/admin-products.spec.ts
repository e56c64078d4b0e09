import { type Page } from '@playwright/test';
import { expect, test } from './checkpoints';
import { createJourneyProduct, deleteJourneyProduct, JOURNEY_PRODUCT, lowerJourneyPrice } from './admin-product-journey';
import { arrange } from './arrange';
import { expectCellsOnScreen, JOURNEY_TIMEOUT_MS } from './helpers';

// Issue 12, the owner's product journey on the local build: a product created with an uploaded
// picture shows on the storefront with that picture; its new price reaches a storefront tab that
// was already open, without a reload; deleted, it is gone there too. Everything is kept on the
// device (IndexedDB) and survives a reload. The owner is signed in beforehand (tests/e2e/arrange.ts:
// signing in is admin.spec.ts's journey).

test.beforeEach(async ({ page }) => {
  await arrange(page, { owner: true });
});

const { name: NAME, slug: SLUG } = JOURNEY_PRODUCT;

/** The picture the page shows in full, once it has really loaded. */
async function expectPictureShown(page: Page, alt: string) {
  const picture = page.getByRole('img', { name: alt, exact: true });
  await expect(picture).toHaveAttribute('src', /^blob:/);
  await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(2);
}

for (const viewport of [
  { width: 375, height: 812 },
  { width: 1280, height: 900 },
]) {
  test(`at ${viewport.width} px, the owner creates a product with a picture, changes its price and deletes it; an open storefront follows without reloading`, async ({
    page,
    context,
    checkpoint,
  }) => {
    test.setTimeout(JOURNEY_TIMEOUT_MS);
    await page.setViewportSize(viewport);
    await page.goto('/admin/produits/nouveau');
    await expect(page.getByRole('heading', { level: 1, name: 'Nouveau produit' })).toBeVisible();
    await checkpoint('administration, nouveau produit');
    await createJourneyProduct(page);
    await expect(page.getByTestId('admin-product-row').first()).toBeVisible();
    await expectCellsOnScreen(page, page.getByTestId('admin-product-row').first(), ['Prix', 'Stock', 'Statut']);
    await checkpoint('administration, produits');

    // The storefront, in another tab: the product, its price and its own picture.
    const shop = await context.newPage();
    await shop.goto(`/produit/${SLUG}`);
    await expect(shop.getByRole('heading', { level: 1, name: NAME })).toBeVisible();
    await expect(shop.locator('.price--large .price__current')).toHaveText(/^34,90\s€$/);
    await expectPictureShown(shop, NAME);

    // A new price, saved in the back office, reaches the open tab without a reload.
    await lowerJourneyPrice(page);
    await expect(shop.locator('.price--large .price__current')).toHaveText(/^29,90\s€$/);

    // Kept on the device: a reload shows the new price and the picture again.
    await shop.reload();
    await expect(shop.locator('.price--large .price__current')).toHaveText(/^29,90\s€$/);
    await expectPictureShown(shop, NAME);
    await shop.goto(`/boutique?q=${encodeURIComponent('vase gres')}`);
    await expect(shop.getByRole('heading', { name: NAME })).toBeVisible();
    await shop.goto(`/produit/${SLUG}`);
    await expect(shop.getByRole('heading', { level: 1, name: NAME })).toBeVisible();

    // Deleted after a confirmation: the open tab shows it gone.
    await deleteJourneyProduct(page);
    await expect(shop.getByRole('heading', { level: 1, name: 'Produit introuvable' })).toBeVisible();
    await shop.reload();
    await expect(shop.getByRole('heading', { level: 1, name: 'Produit introuvable' })).toBeVisible();
  });
}

test('a form with mistakes says what is wrong beside each field and saves nothing', async ({ page }) => {
  await page.goto('/admin/produits/nouveau');
  await page.locator('#product-price').fill('12,345');
  await page.locator('#product-stock').fill('2,5');
  await page.getByRole('button', { name: 'Créer le produit' }).click();
  await expect(page.locator('#erreur-name')).toHaveText('Le nom du produit est obligatoire.');
  await expect(page.locator('#erreur-price')).toHaveText('Le prix ne peut pas avoir plus de deux décimales.');
  await expect(page.locator('#erreur-stock')).toHaveText('Le stock doit être un nombre entier supérieur ou égal à 0.');
  await expect(page.locator('#product-name')).toBeFocused();
  await page.locator('#product-pictures').setInputFiles({
    name: 'dessin.svg',
    mimeType: 'image/svg+xml',
    buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
  });
  await expect(page.getByText(/dessin\.svg/).first()).toBeVisible();
  await expect(page.getByTestId('product-pictures').getByRole('listitem')).toHaveCount(0);
  await page.goto('/admin');
  await expect(page.getByTestId('dashboard-products')).toHaveText(/^\d+$/);
  expect(await page.evaluate(() => localStorage.getItem('catalogue_edits'))).toBeNull();
});
