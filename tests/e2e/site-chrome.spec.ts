import { expect, test } from './fixtures';

// Issue 10, items 8 and 12: the admin area is reached from the footer, not from every shopper's
// header; a « page introuvable » asks search engines not to index it.

test('« Espace admin » is in the footer, not in the header', async ({ page }) => {
  await page.goto('/boutique');
  await expect(page.getByRole('heading', { level: 1, name: 'Boutique' })).toBeVisible();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Espace admin' })).toHaveCount(0);
  const link = page.getByRole('contentinfo').getByRole('link', { name: 'Espace admin' });
  await link.click();
  await expect(page).toHaveURL(/\/admin\/connexion$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Connexion administrateur' })).toBeVisible();
});

const robots = 'meta[name="robots"]';

test('an unknown page carries noindex while it is shown, and only then', async ({ page }) => {
  await page.goto('/nulle-part');
  await expect(page.getByRole('heading', { name: 'Page introuvable' })).toBeVisible();
  await expect(page.locator(robots)).toHaveAttribute('content', 'noindex');
  await expect(page.locator(robots)).toHaveCount(1);

  await page.getByRole('link', { name: 'Retour à l’accueil' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Des objets simples pour la maison' })).toBeVisible();
  await expect(page.locator(robots)).toHaveCount(0);
});

test('an unknown product and an unknown category carry noindex too', async ({ page }) => {
  await page.goto('/produit/ce-produit-nexiste-pas');
  await expect(page.getByRole('heading', { name: 'Produit introuvable' })).toBeVisible();
  await expect(page.locator(robots)).toHaveAttribute('content', 'noindex');

  await page.goto('/categorie/inconnue');
  await expect(page.getByRole('heading', { name: 'Catégorie introuvable' })).toBeVisible();
  await expect(page.locator(robots)).toHaveAttribute('content', 'noindex');
});
