import { expect, test } from './fixtures';
import { inStock } from './demo-data';

test('the page is French', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
});

test('an unknown address shows the French 404 page', async ({ page }) => {
  await page.goto('/nulle-part');
  await expect(page.getByRole('heading', { name: 'Page introuvable' })).toBeVisible();
  await page.getByRole('link', { name: 'Retour à l’accueil' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('the shop is usable with the keyboard alone: tab to a product and add it', async ({ page }) => {
  const [product] = inStock(1);
  await page.goto(`/produit/${product!.slug}`);
  const add = page.getByRole('button', { name: 'Ajouter au panier', exact: true });
  for (let i = 0; i < 40; i++) {
    await page.keyboard.press('Tab');
    if (await add.evaluate((el) => el === document.activeElement)) break;
  }
  await expect(add).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('cart-count')).toHaveText('1');
});

test('an unknown product slug shows « Produit introuvable »', async ({ page }) => {
  await page.goto('/produit/ce-produit-nexiste-pas');
  await expect(page.getByRole('heading', { name: 'Produit introuvable' })).toBeVisible();
});
