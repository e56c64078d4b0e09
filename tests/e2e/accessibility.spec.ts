import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectNoViolations } from './axe';
import { toast } from './helpers';

// axe-core on every storefront page, in the states a shopper sees them: empty and filled
// cart and favorites, and a page with a toast open (the audit itself: ./axe.ts).

/**
 * Wait until the page shows its content: its own title, no pending request, no skeleton.
 * Named, because any title would do for the page being left: a link click changes the address
 * at once, while the router keeps the old page on screen until the new one has rendered.
 */
async function settled(page: Page, title: string) {
  await expect(page.getByRole('heading', { level: 1, name: title, exact: true })).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expect(page.locator('.skeleton, [aria-busy="true"]')).toHaveCount(0);
}

/** Every CSS animation and transition of an element (and below it) finished. */
async function animationsDone(locator: Locator) {
  await locator.evaluate((element) => Promise.all(element.getAnimations({ subtree: true }).map((animation) => animation.finished)).then(() => undefined));
}

const productLinks = (scope: Page | Locator) => scope.locator('a[href*="/produit/"]');

/** From /boutique, the first product page, as a shopper reaches it; returns its name. */
async function openFirstProduct(page: Page, { available = false } = {}): Promise<string> {
  await page.goto('/boutique');
  const main = page.getByRole('main');
  let link = productLinks(main).first();
  if (available) {
    // A product that can be added: its card offers « Ajouter au panier » (not « Indisponible »).
    const card = main
      .getByRole('article')
      .filter({ has: productLinks(page) })
      .filter({ has: page.getByRole('button', { name: /^Ajouter au panier/, disabled: false }) })
      .first();
    link = productLinks(card).first();
  }
  await expect(link, 'a product link (/produit/…) on /boutique').toBeVisible();
  // The card's link is the product's name: the product page must carry it as its title.
  const href = await link.getAttribute('href');
  const name = (await link.innerText()).trim();
  expect(name, 'the card names its product').not.toBe('');
  await link.click();
  await expect(page).toHaveURL((url) => url.pathname === href);
  await settled(page, name);
  return name;
}

/** On a product page: « Ajouter au panier », then wait for the confirmation toast. */
async function addToCartHere(page: Page, name: string) {
  await page.getByRole('main').getByRole('button', { name: 'Ajouter au panier', exact: true }).click();
  await expect(toast(page).filter({ hasText: name }).first()).toBeVisible();
}

/** On a product page: the favorites toggle, pressed. */
async function addToFavoritesHere(page: Page) {
  const toggle = page
    .getByRole('article')
    .first()
    .getByRole('button', { name: /favoris/i });
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
}

test.describe('accessibility (axe: WCAG 2.1 A/AA and best practices)', () => {
  test('the home page has no violation', async ({ page }, testInfo) => {
    await page.goto('/');
    await settled(page, 'Des objets simples pour la maison');
    await expectNoViolations(page, testInfo, 'the home page');
  });

  test('the shop page has no violation', async ({ page }, testInfo) => {
    await page.goto('/boutique');
    await settled(page, 'Boutique');
    await expect(productLinks(page.getByRole('main')).first()).toBeVisible();
    await expectNoViolations(page, testInfo, 'the shop page');
  });

  test('on a phone, the shop page and its open « Filtrer et trier » panel have no violation', async ({ page }, testInfo) => {
    await page.setViewportSize({ width: 375, height: 667 });
    await page.goto('/boutique?prix_min=50&prix_max=20');
    await settled(page, 'Boutique');
    await expectNoViolations(page, testInfo, 'the shop page on a phone');
    await page.getByRole('button', { name: 'Filtrer et trier' }).click();
    await expect(page.getByRole('dialog', { name: 'Filtrer et trier' })).toBeVisible();
    await expectNoViolations(page, testInfo, 'the open filter panel');
  });

  test('a product page has no violation', async ({ page }, testInfo) => {
    await openFirstProduct(page);
    await expectNoViolations(page, testInfo, 'a product page');
  });

  test('a page with a toast open has no violation', async ({ page }, testInfo) => {
    const name = await openFirstProduct(page, { available: true });
    await addToCartHere(page, name);
    const open = toast(page).first();
    // Hovering the toast pauses its timer (as a shopper reading it would), so it is still
    // open while axe runs; its entry animation is over, so contrast is measured at rest.
    await open.hover();
    await animationsDone(open);
    await expectNoViolations(page, testInfo, 'a page with a toast open');
    await expect(open, 'the toast stayed open during the audit').toBeVisible();
  });

  test('the empty cart has no violation', async ({ page }, testInfo) => {
    await page.goto('/panier');
    await settled(page, 'Votre panier');
    await expectNoViolations(page, testInfo, 'the empty cart');
  });

  test('a filled cart has no violation', async ({ page }, testInfo) => {
    const name = await openFirstProduct(page, { available: true });
    await addToCartHere(page, name);
    await page.goto('/panier');
    await settled(page, 'Votre panier');
    await expect(page.getByRole('main').getByText(name).first()).toBeVisible();
    await expectNoViolations(page, testInfo, 'a filled cart');
  });

  test('the empty favorites page has no violation', async ({ page }, testInfo) => {
    await page.goto('/favoris');
    await settled(page, 'Vos favoris');
    await expectNoViolations(page, testInfo, 'the empty favorites page');
  });

  test('a filled favorites page has no violation', async ({ page }, testInfo) => {
    const name = await openFirstProduct(page);
    await addToFavoritesHere(page);
    await page.goto('/favoris');
    await settled(page, 'Vos favoris');
    await expect(page.getByRole('main').getByText(name).first()).toBeVisible();
    await expectNoViolations(page, testInfo, 'a filled favorites page');
  });
});

// Issue 24, item 11: on /favoris, each « Déplacer dans le panier » names its product.
test('every « Déplacer dans le panier » of the favorites has a name of its own', async ({ page }) => {
  await page.goto('/boutique?en_stock=1');
  const cards = page.getByRole('article');
  const names: string[] = [];
  for (let i = 0; i < 3; i++) {
    const name = (await cards.nth(i).getByRole('heading').textContent())!.trim();
    await cards
      .nth(i)
      .getByRole('button', { name: `Ajouter «\u202f${name}\u202f» aux favoris` })
      .click();
    names.push(name);
  }
  await page.goto('/favoris');
  const moves = page.getByRole('button', { name: /^Déplacer .* dans le panier$/ });
  await expect(moves).toHaveCount(3);
  for (const name of names) await expect(page.getByRole('button', { name: `Déplacer «\u202f${name}\u202f» dans le panier`, exact: true })).toHaveCount(1);
});
