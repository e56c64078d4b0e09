import { type Locator, type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { arrange, FILLED_CHECKOUT_DRAFT } from './arrange';
import { DEMO_PRODUCTS } from './demo-data';
import { expectCellsOnScreen, newsletterForm, toast } from './helpers';

// Issue 24, item 10: what the layout got wrong, each at the width where it was seen.

const PHONE = { width: 375, height: 812 };
const DESKTOP = { width: 1280, height: 900 };

/** Products with room for a full line each (a line holds at most 20 units, issue 23), the most stock first. */
const ROOMY_PRODUCTS = [...DEMO_PRODUCTS].filter((p) => p.inStock && p.stock >= 20).sort((a, b) => b.stock - a.stock);
const OTHER = ROOMY_PRODUCTS[1];
/** The most one line may hold (MAX_QUANTITY_PER_PRODUCT). */
const FULL_LINE = 20;

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  if (!found) throw new Error('not laid out');
  return found;
}

/** The width the text of `locator`'s own value (or selected option) takes in its font. */
function textWidth(locator: Locator): Promise<number> {
  return locator.evaluate((element) => {
    const field = element as HTMLInputElement | HTMLSelectElement;
    const text = field instanceof HTMLSelectElement ? (field.selectedOptions[0]?.text ?? '') : field.value;
    const context = document.createElement('canvas').getContext('2d')!;
    context.font = getComputedStyle(field).font;
    return context.measureText(text).width;
  });
}

/** The room a field gives its text: its inner width less its padding. */
function room(locator: Locator): Promise<number> {
  return locator.evaluate((element) => {
    const style = getComputedStyle(element);
    return element.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
  });
}

/** A cart of 113 units: five full lines and one of 13, the first line the largest a line may hold. */
async function cartWith113(page: Page) {
  await arrange(page, {
    cart: [...ROOMY_PRODUCTS.slice(0, 5).map((product) => ({ product, quantity: FULL_LINE })), { product: ROOMY_PRODUCTS[5]!, quantity: 13 }],
  });
  await page.goto('/panier');
  await expect(page.getByTestId('cart-count')).toHaveText('113');
}

test.describe('on a phone (375 px)', () => {
  test.use({ viewport: PHONE });

  test('the largest quantity a line may hold shows whole in its field', async ({ page }) => {
    await cartWith113(page);
    const field = page.getByRole('spinbutton').first();
    await expect(field).toHaveValue(String(FULL_LINE));
    expect(await textWidth(field)).toBeLessThanOrEqual(await room(field));
    expect(await field.evaluate((input) => input.scrollWidth <= input.clientWidth)).toBe(true);
  });

  test('« Passer la commande » and « Vider le panier » stand apart', async ({ page }) => {
    // The most one order may hold (MAX_UNITS_PER_ORDER, 100): past it the cart offers no order.
    await arrange(page, { cart: ROOMY_PRODUCTS.slice(0, 5).map((product) => ({ product, quantity: FULL_LINE })) });
    await page.goto('/panier');
    await expect(page.getByTestId('cart-count')).toHaveText('100');
    const order = await box(page.getByRole('link', { name: 'Passer la commande' }));
    const empty = await box(page.getByRole('button', { name: 'Vider le panier' }));
    const apart = Math.max(
      empty.y - (order.y + order.height),
      order.y - (empty.y + empty.height),
      empty.x - (order.x + order.width),
      order.x - (empty.x + empty.width),
    );
    expect(apart).toBeGreaterThanOrEqual(8);
  });

  test('a cart count of three digits leaves its icon in sight and stays on screen', async ({ page }) => {
    await cartWith113(page);
    const icon = await box(page.getByRole('link', { name: /^Panier/ }));
    const badge = await box(page.getByTestId('cart-count'));
    const overlapX = Math.max(0, Math.min(icon.x + icon.width, badge.x + badge.width) - Math.max(icon.x, badge.x));
    const overlapY = Math.max(0, Math.min(icon.y + icon.height, badge.y + badge.height) - Math.max(icon.y, badge.y));
    expect((overlapX * overlapY) / (icon.width * icon.height)).toBeLessThanOrEqual(0.25);
    expect(badge.x + badge.width).toBeLessThanOrEqual(PHONE.width);
    // The header still holds on one line.
    const brand = await box(page.getByRole('link', { name: 'La Petite Boutique' }));
    expect(Math.abs(brand.y + brand.height / 2 - (icon.y + icon.height / 2))).toBeLessThan(8);
  });

  test('after « Vider le panier », the page shows its title and the empty cart, not the empty space below', async ({ page }) => {
    await cartWith113(page);
    await page.getByRole('button', { name: 'Vider le panier' }).scrollIntoViewIfNeeded();
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.getByRole('button', { name: 'Vider le panier' }).click();
    await expect(page.getByTestId('cart-count')).toHaveText('0');
    await expect(page.getByRole('heading', { level: 1, name: 'Votre panier' })).toBeInViewport();
    await expect(page.getByRole('heading', { level: 1, name: 'Votre panier' })).toBeFocused();
  });

  // Issue 42, item 10: a row is a card, « Statut » and « Total » on the screen without scrolling.
  test('the back office’s orders table is a card per order: the email on one line, nothing past the screen, no sideways scroll', async ({ page }) => {
    await arrange(page, { owner: true, orders: [{ lines: [{ product: OTHER!, quantity: 1 }] }] });
    await page.goto('/admin/commandes');
    const table = page.getByRole('region', { name: 'Tableau des commandes' });
    const email = table.getByRole('cell').filter({ hasText: '@' }).locator('.admin-order-email');
    await expect(email).toBeVisible();
    // One line: an address is never broken letter by letter.
    expect(await email.evaluate((element) => element.getClientRects().length)).toBe(1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await expectCellsOnScreen(page, page.getByTestId('admin-order-row').first(), ['Client', 'Total', 'Statut']);
  });

  test('the back office’s products table keeps each name inside its column', async ({ page }) => {
    await arrange(page, { owner: true });
    await page.goto('/admin/produits');
    const rows = page.getByTestId('admin-product-row');
    await expect(rows.first()).toBeVisible();
    const spilling = await rows.evaluateAll((all) =>
      all.flatMap((row) => [...row.children].filter((cell) => cell.scrollWidth > cell.clientWidth + 1).map((cell) => cell.textContent)),
    );
    expect(spilling).toEqual([]);
  });

  test('the checkout steps hold on one line, the current one named', async ({ page }) => {
    await arrange(page, { cart: [{ product: OTHER!, quantity: 1 }], checkoutDraft: FILLED_CHECKOUT_DRAFT });
    for (const step of ['adresse', 'livraison', 'paiement', 'recapitulatif']) {
      await page.goto(`/commande/${step}`);
      const steps = page.locator('.checkout-stepper__number');
      await expect(steps).toHaveCount(5);
      const first = await box(steps.first());
      const last = await box(steps.last());
      expect(Math.abs(last.y - first.y), step).toBeLessThan(2);
    }
  });
});

test.describe('on a desktop (1280 px)', () => {
  test.use({ viewport: DESKTOP });

  test('« Toutes les catégories » shows whole in its field', async ({ page }) => {
    await page.goto('/boutique');
    const category = page.getByLabel('Catégorie');
    await expect(category).toHaveValue('');
    // The arrow of the list takes about 1.5 rem at the right.
    expect((await textWidth(category)) + 24).toBeLessThanOrEqual(await room(category));
  });

  test('every card of the grid is as wide as its column, a promotion of three digits included', async ({ page }) => {
    await page.goto('/boutique?tri=prix-decroissant');
    const cards = page.getByRole('article');
    await expect(cards.first()).toBeVisible();
    const widths = await cards.evaluateAll((all) => all.map((card) => [card.getBoundingClientRect().width, card.parentElement!.getBoundingClientRect().width]));
    for (const [card, column] of widths) expect(card).toBeLessThanOrEqual(column! + 0.5);
    const first = widths[0]![0]!;
    for (const [card] of widths) expect(Math.abs(card! - first)).toBeLessThan(1);
  });

  test('an order number holds on one line', async ({ page }) => {
    await arrange(page, { orders: [{ lines: [{ product: OTHER!, quantity: 1 }] }] });
    await page.goto('/mes-commandes');
    const number = page.getByTestId('order-row').getByRole('link');
    await expect(number).toContainText('CMD-');
    expect(await number.evaluate((link) => link.getClientRects().length)).toBe(1);
    const height = await number.evaluate((link) => link.getBoundingClientRect().height);
    const line = await number.evaluate((link) => parseFloat(getComputedStyle(link).lineHeight) || 24);
    expect(height).toBeLessThan(line * 1.5);
  });
});

// Issue 24, item 10: the add-to-cart toast covered the buttons the shopper goes on with on a
// phone's product page, and the header's links on a desktop.
for (const [width, viewport] of [
  ['375 px', PHONE],
  ['1280 px', DESKTOP],
] as const) {
  test(`at ${width}, the add-to-cart toast covers neither the product's controls nor the header's links`, async ({ page }) => {
    await page.setViewportSize(viewport);
    const product = OTHER!;
    await page.goto(`/produit/${product.slug}`);
    const quantity = page.getByLabel(`Quantité de « ${product.name} »`);
    const controls = [
      quantity,
      page.getByRole('button', { name: 'Ajouter au panier', exact: true }),
      page.getByRole('button', { name: `Ajouter « ${product.name} » aux favoris` }),
    ];
    const header = page.getByRole('banner');
    const headerLinks = header.getByRole('link');
    await expect(page.getByTestId('cart-count')).toHaveText('0');
    const area = page.getByRole('region', { name: 'Notifications de la boutique (F8)' }).locator('ol');
    const overlaps = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
      Math.min(a.x + a.width, b.x + b.width) > Math.max(a.x, b.x) && Math.min(a.y + a.height, b.y + b.height) > Math.max(a.y, b.y);
    const coversNothing = async () => {
      const shown = await box(toast(page).last());
      for (const control of controls) {
        expect(overlaps(await box(control), shown), `the toast covers ${await control.evaluate((e) => e.outerHTML.slice(0, 60))}`).toBe(false);
      }
      const frame = await box(area);
      for (const link of await headerLinks.all()) {
        expect(overlaps(await box(link), frame), `the notification area covers the header's link « ${await link.textContent()} »`).toBe(false);
      }
    };
    // As the page opens: « Ajouter au panier ».
    await controls[1]!.click();
    await expect(toast(page)).toContainText('ajouté au panier');
    await coversNothing();
    // The toast still open, the shopper types another quantity and adds again.
    await quantity.fill('2');
    await controls[1]!.click();
    await expect(toast(page).last()).toContainText('ajoutés au panier');
    await coversNothing();
  });
}

test('at 1280 px, while a field low on the screen has the focus, the notifications sit below the header, not over its links', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await page.goto('/');
  const email = newsletterForm(page).getByLabel('Adresse email');
  await email.fill('camille@exemple.fr');
  await email.press('Enter');
  await expect(toast(page)).toContainText('Inscription réussie');
  const frame = await box(page.getByRole('region', { name: 'Notifications de la boutique (F8)' }).locator('ol'));
  const field = await box(email);
  expect(frame.y + frame.height).toBeLessThanOrEqual(field.y);
  for (const link of await page.getByRole('banner').getByRole('link').all()) {
    const shown = await box(link);
    const overlap = Math.min(shown.x + shown.width, frame.x + frame.width) > Math.max(shown.x, frame.x) && shown.y + shown.height > frame.y;
    expect(overlap, `the notification area covers the header's link « ${await link.textContent()} »`).toBe(false);
  }
});
