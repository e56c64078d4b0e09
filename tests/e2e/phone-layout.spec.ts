import { type Locator } from '@playwright/test';
import { expect, test } from './fixtures';
import { DEMO_CATEGORIES, DEMO_PRODUCTS, inStock } from './demo-data';
import { newsletterForm, toast } from './helpers';

// Issue 10, item 6: on a phone (375 px) the shop shows products first, the header fits one line
// and stays reachable, a toast never covers the field being typed in, an error shows once.
test.use({ viewport: { width: 375, height: 667 } });

const [product] = inStock(1);
const ROUTES = [
  '/',
  '/boutique',
  `/categorie/${DEMO_CATEGORIES[0]!.slug}`,
  `/produit/${product!.slug}`,
  '/panier',
  '/favoris',
  '/admin',
  '/newsletter/desinscription?token=inconnu',
  '/nulle-part',
];

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  if (!found) throw new Error('not laid out');
  return found;
}

test('the first screen of /boutique shows a product card, the filters folded behind « Filtrer et trier »', async ({ page }) => {
  await page.goto('/boutique');
  const firstCard = page.getByRole('article').first();
  await expect(firstCard.getByRole('heading')).toBeInViewport();
  await expect(firstCard.locator('img')).toBeInViewport({ ratio: 1 });
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  await expect(page.getByRole('button', { name: 'Filtrer et trier' })).toBeVisible();
  await expect(page.getByLabel('Rechercher un produit')).toBeHidden();
});

test('the « Filtrer et trier » panel opens from the keyboard, shows the number of results and gives focus back', async ({ page }) => {
  await page.goto('/boutique');
  const open = page.getByRole('button', { name: 'Filtrer et trier' });
  await open.focus();
  await page.keyboard.press('Enter');

  const panel = page.getByRole('dialog', { name: 'Filtrer et trier' });
  await expect(panel).toBeVisible();
  await expect(panel).toContainText(`${DEMO_PRODUCTS.length} produits`);
  expect(await panel.evaluate((el) => el.contains(document.activeElement))).toBe(true);

  const category = DEMO_CATEGORIES[1]!;
  await panel.getByLabel('Catégorie').selectOption(category.slug);
  const inCategory = DEMO_PRODUCTS.filter((p) => p.category === category.slug).length;
  await expect(panel).toContainText(`${inCategory} produits`);

  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await expect(open).toBeFocused();
  await expect(page).toHaveURL(new RegExp(`categorie=${category.slug}`));
  await expect(page.getByRole('article').first()).toBeInViewport();
});

test('every kind of page: no horizontal scroll, and the header fits one line', async ({ page }) => {
  for (const route of ROUTES) {
    await page.goto(route);
    await expect(page.getByRole('heading', { level: 1 }), route).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth), `${route}: no horizontal scroll`).toBeLessThanOrEqual(375);

    const header = page.getByRole('banner');
    const brand = await box(header.getByRole('link', { name: 'La Petite Boutique' }));
    const cart = await box(header.getByRole('link', { name: /^Panier/ }));
    expect(Math.abs(cart.y + cart.height / 2 - (brand.y + brand.height / 2)), `${route}: the cart beside the brand`).toBeLessThanOrEqual(4);
    expect((await box(header)).height, `${route}: the header on one line`).toBeLessThanOrEqual(64);
  }
});

test('the header stays on screen while the shopper scrolls down', async ({ page }) => {
  await page.goto('/boutique');
  await page.getByRole('article').last().scrollIntoViewIfNeeded();
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(1000);
  const header = page.getByRole('banner');
  await expect(header).toBeInViewport({ ratio: 1 });
  expect((await box(header)).y).toBe(0);
  await header.getByRole('link', { name: /^Panier/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Votre panier' })).toBeVisible();
});

test('the toast after subscribing with Enter does not cover the newsletter field', async ({ page }) => {
  await page.goto('/');
  const email = newsletterForm(page).getByLabel('Adresse email');
  await email.fill('camille@exemple.fr');
  await email.press('Enter');
  await expect(toast(page)).toContainText('Inscription réussie');
  await expect(email).toBeFocused();
  const field = await box(email);
  const shown = await box(toast(page));
  const overlap = Math.min(field.y + field.height, shown.y + shown.height) - Math.max(field.y, shown.y);
  expect(overlap).toBeLessThanOrEqual(0);
  // The whole notification area, not only the toast, ends above the field: while a toast is shown
  // the area takes the taps that land on it (it once stretched over the whole screen).
  const area = await box(page.getByRole('region', { name: 'Notifications de la boutique (F8)' }).locator('ol'));
  expect(area.y + area.height).toBeLessThanOrEqual(field.y);
});

test('a newsletter error is shown once, beside the field', async ({ page }) => {
  await page.goto('/');
  const email = newsletterForm(page).getByLabel('Adresse email');
  const submit = newsletterForm(page).getByRole('button', { name: 'S’inscrire' });
  // A first toast: the toasts' code is loaded, so an error toast would show with the field's error.
  await email.fill('lea@exemple.fr');
  await submit.click();
  await expect(toast(page)).toContainText('Inscription réussie');

  await email.fill('lea@');
  await submit.click();
  await expect(newsletterForm(page).getByText('Adresse email invalide')).toBeVisible();
  await expect(email).toHaveAccessibleDescription('Adresse email invalide');
  await expect(page.getByText('Adresse email invalide')).toHaveCount(1);
});
