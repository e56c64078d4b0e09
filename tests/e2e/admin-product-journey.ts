import { expect, type Page } from '@playwright/test';
import { PNG_2X2 } from '../support/picture-fixtures';
import { DEMO_CATEGORIES } from './demo-data';
import { toast } from './helpers';

// The product of the owner's journey (issue 12), created the same way on the local build
// (tests/e2e/admin-products.spec.ts) and on the Supabase build (tests/e2e-supabase/).

export const JOURNEY_PRODUCT = { name: 'Vase en grès émaillé', slug: 'vase-en-gres-emaille' };

/** On the new-product page of the signed-in back office: creates the product, 34,90 €, 7 in stock, with one uploaded PNG. */
export async function createJourneyProduct(page: Page) {
  await expect(page.getByRole('heading', { level: 1, name: 'Nouveau produit' })).toBeVisible();
  await page.locator('#product-name').fill(JOURNEY_PRODUCT.name);
  await expect(page.locator('#product-slug')).toHaveValue(JOURNEY_PRODUCT.slug);
  await page.locator('#product-description').fill('Un vase tourné à la main, émail bleu de cobalt.');
  await page.locator('#product-price').fill('34,90');
  await page.getByRole('radio', { name: DEMO_CATEGORIES[0]!.name, exact: true }).check();
  await page.locator('#product-stock').fill('7');
  await page.locator('#product-pictures').setInputFiles({ name: 'vase.png', mimeType: 'image/png', buffer: Buffer.from(PNG_2X2) });
  await expect(page.getByTestId('product-pictures').getByRole('listitem')).toHaveCount(1);
  // The owner sees the photo before saving (issue 24, item 3): the browser drew the 2 × 2 PNG.
  const photo = page.getByTestId('product-pictures').getByRole('listitem').locator('img');
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(2);
  await page.getByRole('button', { name: 'Créer le produit' }).click();
  await expect(toast(page)).toContainText('Produit créé');
  await expect(page).toHaveURL(/\/admin\/produits(\?.*)?$/);
}

/** Finds the product in the back office's list, searched by the address or typed in the search box, and opens its form. */
async function openJourneyProduct(page: Page, search: 'address' | 'search box') {
  if (search === 'address') {
    await page.goto(`/admin/produits?q=${encodeURIComponent('grès émaillé')}`);
  } else {
    await page.goto('/admin/produits');
    await page.getByRole('searchbox', { name: 'Rechercher' }).or(page.getByLabel('Rechercher')).first().fill('vase');
  }
  await page.getByTestId('admin-product-row').getByRole('link', { name: JOURNEY_PRODUCT.name }).click();
}

/** Its price, 34,90 €, becomes 29,90 €, saved from its form. */
export async function lowerJourneyPrice(page: Page) {
  await openJourneyProduct(page, 'address');
  await expect(page.locator('#product-price')).toHaveValue('34,90');
  await page.locator('#product-price').fill('29,90');
  await page.getByRole('button', { name: 'Enregistrer les modifications' }).click();
  await expect(toast(page)).toContainText('Produit enregistré');
}

/** Deleted from its form, after the confirmation naming it. */
export async function deleteJourneyProduct(page: Page) {
  await openJourneyProduct(page, 'search box');
  await page.getByRole('button', { name: 'Supprimer ce produit' }).click();
  const dialog = page.getByRole('dialog', { name: 'Supprimer ce produit ?' });
  await expect(dialog).toContainText(JOURNEY_PRODUCT.name);
  await dialog.getByRole('button', { name: 'Supprimer', exact: true }).click();
  await expect(toast(page)).toContainText('Produit supprimé');
}
