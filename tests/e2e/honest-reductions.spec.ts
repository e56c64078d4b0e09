import { arrange } from './arrange';
import { expect, test } from './checkpoints';
import { JOURNEY_TIMEOUT_MS, toast } from './helpers';

// Issue 25, honest reductions (Code de la consommation, art. L112-1-1): the owner no longer types
// a « prix avant remise »; the form shows the reference price the catalogue's history gives (the
// lowest of the 30 days before the reduction), refuses a « reduction » that is none, and the
// shopper sees that reference struck through. Local build: the history is the demo catalogue's
// (the teapot at 54,90 € since 2025) and the owner's edits, kept on the device.

const TEAPOT = { id: 'p-001', slug: 'theiere-en-fonte-kyoto', name: 'Théière en fonte Kyoto' };
const REFERENCE = /^Prix de référence \(le plus bas des 30\s+derniers jours\)\s+:\s+54,90\s+€$/;

test.beforeEach(async ({ page }) => {
  await arrange(page, { owner: true });
});

for (const viewport of [
  { width: 375, height: 812 },
  { width: 1280, height: 900 },
]) {
  test(`at ${viewport.width} px, the owner puts the teapot on sale against its reference price, a « reduction » with none is refused, and the shopper sees the reference struck`, async ({
    page,
    checkpoint,
  }) => {
    test.setTimeout(JOURNEY_TIMEOUT_MS);
    await page.setViewportSize(viewport);

    // A new product has no reference price yet.
    await page.goto('/admin/produits/nouveau');
    await expect(page.locator('#aide-reference')).toContainText('Pas encore de prix de référence');

    await page.goto(`/admin/produits/${TEAPOT.id}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.locator('#product-price')).toHaveValue('54,90');
    await expect(page.locator('#aide-reference')).toHaveText(REFERENCE);

    // « En promotion » at the price it has always had: no reduction, refused beside the box.
    await page.getByRole('checkbox', { name: /En promotion/ }).check();
    await page.getByRole('button', { name: 'Enregistrer les modifications' }).click();
    const refusal = 'Pas de réduction possible\u00a0: le prix doit être inférieur au prix de référence (le plus bas des 30\u00a0jours avant la réduction).';
    await expect(page.locator('#erreur-onSale')).toHaveText(refusal);
    await expect(page.getByRole('checkbox', { name: /En promotion/ })).toBeFocused();
    await checkpoint('administration, réduction refusée');

    // A real reduction: 44,90 € against 54,90 €.
    await page.locator('#product-price').fill('44,90');
    await page.getByRole('button', { name: 'Enregistrer les modifications' }).click();
    await expect(toast(page)).toContainText('Produit enregistré');

    // The form, opened again, keeps the reference of the running reduction.
    await page.goto(`/admin/produits/${TEAPOT.id}`);
    await expect(page.getByRole('checkbox', { name: /En promotion/ })).toBeChecked();
    await expect(page.locator('#aide-reference')).toHaveText(REFERENCE);
    await checkpoint('administration, produit en promotion');

    // The shopper: 44,90 €, and 54,90 € struck through with its −18 %.
    await page.goto(`/produit/${TEAPOT.slug}`);
    await expect(page.getByRole('heading', { level: 1, name: TEAPOT.name })).toBeVisible();
    const price = page.locator('.price--large');
    await expect(price.locator('.price__current')).toHaveText(/44,90\s€$/);
    // Issue 42, item 12: the struck price is named the law's reference, not « Prix initial ».
    await expect(price.locator('del.price__original')).toHaveText(/^Prix de référence\u00a0:\s*54,90\s€$/);
    await expect(page.locator('.price__reference')).toHaveText('Prix barré\u00a0: prix de référence, le plus bas des 30\u00a0jours avant la remise.');
    await expect(price.locator('.discount-badge')).toHaveText(/^−18\s%$/);
    await checkpoint('fiche produit en promotion');
  });
}
