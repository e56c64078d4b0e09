import { type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { DEMO_PRODUCTS, type DemoProduct } from './demo-data';
import { arrange } from './arrange';
import { addToCartFromProductPage, expectCartCount, stored, toast } from './helpers';

// Issue 10, items 2 to 4: the stock is a limit, the cart shows the catalogue's truth rather
// than whatever storage holds, and one click never empties the cart for good.

interface StoredLine {
  id: string;
  name: string;
  price: number;
  originalPrice: number;
  quantity: number;
  inStock: boolean;
}

const euros = (n: number) => new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' }).format(n);

function demo(where: (p: DemoProduct) => boolean, what: string): DemoProduct {
  const found = DEMO_PRODUCTS.find(where);
  if (!found) throw new Error(`the demo catalogue has no ${what}`);
  return found;
}

const lastOne = demo((p) => p.inStock && p.stock === 1, 'product with one unit left');
const modest = demo((p) => p.inStock && p.stock > 5 && p.stock < 20, 'product with 6 to 19 units');
const plenty = demo((p) => p.inStock && p.stock >= 100, 'product with 100 units or more');
const teapot = demo((p) => p.id === 'p-001', 'teapot p-001');
const others = DEMO_PRODUCTS.filter((p) => p.inStock && p.stock >= 5 && p.id !== teapot.id).slice(0, 2);

const line = (page: Page, name: string) => page.getByTestId('cart-line').filter({ hasText: name });

for (const [label, viewport] of [
  ['desktop', { width: 1280, height: 800 }],
  ['phone (375 px)', { width: 375, height: 740 }],
] as const) {
  test.describe(`on a ${label}`, () => {
    test.use({ viewport });

    test('a product with one unit left goes into the cart once, and the shop says why', async ({ page }) => {
      await addToCartFromProductPage(page, lastOne.slug);
      await expect(page.getByText('Plus que 1 en stock')).toBeVisible();
      await expectCartCount(page, 1);
      const add = page.getByRole('button', { name: 'Ajouter au panier', exact: true });
      await add.click();
      await expect(toast(page)).toContainText(`Seulement 1 en stock pour « ${lastOne.name} »`);
      await expect(toast(page)).toBeInViewport();
      await add.click();
      await expectCartCount(page, 1);
      await expect.poll(async () => (await stored<StoredLine[]>(page, 'cart'))?.map((l) => l.quantity)).toEqual([1]);
    });

    test('in the cart, a typed quantity and the + button stop at the stock, with the stock named in French', async ({ page }) => {
      await addToCartFromProductPage(page, modest.slug);
      await page.goto('/panier');
      const quantity = page.getByLabel(`Quantité de « ${modest.name} »`);
      await quantity.fill('999');
      await expect(quantity).toHaveValue(String(modest.stock));
      await expect(toast(page)).toContainText(`Seulement ${modest.stock} en stock pour « ${modest.name} »`);
      await expect(toast(page)).toBeInViewport();
      await expect(page.getByRole('button', { name: `Ajouter un « ${modest.name} »` })).toBeDisabled();
      await expect(line(page, modest.name)).toContainText(`${modest.stock} en stock`);
      await expectCartCount(page, modest.stock);
      await expect.poll(async () => (await stored<StoredLine[]>(page, 'cart'))?.map((l) => l.quantity)).toEqual([modest.stock]);
    });

    test('with plenty in stock, a line stops at the 20 units one order may carry, and the cart says so (issue 23)', async ({ page }) => {
      await addToCartFromProductPage(page, plenty.slug);
      await page.goto('/panier');
      const quantity = page.getByLabel(`Quantité de « ${plenty.name} »`);
      await quantity.fill('25');
      await expect(quantity).toHaveValue('20');
      await expect(toast(page)).toContainText(`Au plus 20 exemplaires d’un même produit par commande : votre panier contient 20 « ${plenty.name} ».`);
      await expect(page.getByRole('button', { name: `Ajouter un « ${plenty.name} »` })).toBeDisabled();
      await expect(line(page, plenty.name)).toContainText(`${plenty.stock} en stock`);
      await expectCartCount(page, 20);
      await expect.poll(async () => (await stored<StoredLine[]>(page, 'cart'))?.map((l) => l.quantity)).toEqual([20]);
    });
  });
}

test('a cart edited in storage shows the catalogue’s name and price, and an unknown product is marked', async ({ page }) => {
  await page.addInitScript(
    ([teapotId]) => {
      if (sessionStorage.getItem('seeded')) return;
      const base = { image: '/images/stock/produit-par-defaut.svg', category: 'cuisine', inStock: true };
      localStorage.setItem(
        'cart',
        JSON.stringify([
          { ...base, id: teapotId, name: 'Théière offerte', price: 0.01, originalPrice: 0.01, quantity: 2 },
          { ...base, id: 'produit-inconnu', name: 'Produit fantôme', price: 5, originalPrice: 5, quantity: 1 },
        ]),
      );
      sessionStorage.setItem('seeded', '1');
    },
    [teapot.id],
  );
  await page.goto('/panier');

  const teapotLine = line(page, teapot.name);
  await expect(teapotLine.getByRole('link', { name: teapot.name })).toHaveAttribute('href', `/produit/${teapot.slug}`);
  await expect(teapotLine).toContainText(`${euros(teapot.price)} l’unité`);
  await expect(teapotLine).toContainText(`Prix modifié depuis l’ajout (avant : ${euros(0.01)})`);
  await expect(page.getByText('Théière offerte')).toHaveCount(0);

  const ghost = line(page, 'Produit fantôme');
  await expect(ghost).toContainText('Ce produit n’est plus en vente');
  await expect(page.getByTestId('cart-subtotal')).toHaveText(euros(2 * teapot.price));
  await expect(page.getByTestId('cart-summary-count')).toHaveText('2 articles');

  await expect
    .poll(async () => (await stored<StoredLine[]>(page, 'cart'))?.find((l) => l.id === teapot.id))
    .toMatchObject({ name: teapot.name, price: teapot.price, originalPrice: teapot.originalPrice ?? teapot.price, quantity: 2 });
});

test('« Annuler » brings back an emptied cart, a removed line and a line set to 0, for the toast’s whole duration', async ({ page }) => {
  const [first, second] = others;
  await page.clock.install();
  await addToCartFromProductPage(page, first!.slug);
  await page.getByRole('button', { name: 'Ajouter au panier', exact: true }).click();
  await addToCartFromProductPage(page, second!.slug);
  await page.goto('/panier');
  const before = await (async () => {
    await expect.poll(async () => (await stored<StoredLine[]>(page, 'cart'))?.length).toBe(2);
    return stored<StoredLine[]>(page, 'cart');
  })();
  const names = () => page.getByTestId('cart-line').getByRole('link').allTextContents();

  await page.getByRole('button', { name: 'Vider le panier' }).click();
  await expect(page.getByText('Votre panier est vide.')).toBeVisible();
  await expect(toast(page)).toContainText('Panier vidé');
  // Most of the toast's 5 s later (time held still meanwhile), the offer still stands.
  const shownAt = await page.evaluate(() => Date.now());
  await page.clock.pauseAt(shownAt + 3500);
  await toast(page).getByRole('button', { name: 'Annuler' }).click();
  await page.clock.resume();
  await expect(page.getByTestId('cart-line')).toHaveCount(2);
  expect(await names()).toEqual([first!.name, second!.name]);
  await expect(page.getByLabel(`Quantité de « ${first!.name} »`)).toHaveValue('2');
  await expect.poll(() => stored<StoredLine[]>(page, 'cart')).toEqual(before);

  await page.getByRole('button', { name: `Retirer « ${first!.name} » du panier` }).click();
  await expect(page.getByTestId('cart-line')).toHaveCount(1);
  await toast(page).getByRole('button', { name: 'Annuler' }).click();
  await expect.poll(names).toEqual([first!.name, second!.name]);
  await expect(page.getByLabel(`Quantité de « ${first!.name} »`)).toHaveValue('2');

  await page.getByLabel(`Quantité de « ${second!.name} »`).fill('0');
  await expect(page.getByTestId('cart-line')).toHaveCount(1);
  await toast(page).getByRole('button', { name: 'Annuler' }).click();
  await expect.poll(names).toEqual([first!.name, second!.name]);
  await expect.poll(() => stored<StoredLine[]>(page, 'cart')).toEqual(before);
  await expectCartCount(page, 3);
});

// Issue 24, item 2: an open cart follows the owner's changes, without a reload.
test('an open /panier shows a new price and a product sold out by the owner in another tab', async ({ page, context }) => {
  const [kept, soldOut] = DEMO_PRODUCTS.filter((p) => p.inStock && p.stock >= 5 && p.originalPrice === undefined);
  await addToCartFromProductPage(page, kept!.slug);
  await addToCartFromProductPage(page, soldOut!.slug);
  await expectCartCount(page, 2);
  await page.goto('/panier');
  await expect(page.getByTestId('cart-subtotal')).toHaveText(euros(kept!.price + soldOut!.price));

  const owner = await context.newPage();
  await arrange(owner, { owner: true });
  const save = async (product: DemoProduct, fields: Record<string, string>) => {
    await owner.goto(`/admin/produits/${product.id}`);
    await expect(owner.locator('#product-name')).toHaveValue(product.name);
    for (const [id, value] of Object.entries(fields)) await owner.locator(`#${id}`).fill(value);
    await owner.getByRole('button', { name: 'Enregistrer les modifications' }).click();
    await expect(toast(owner)).toContainText('Produit enregistré');
  };
  const newPrice = kept!.price + 10;
  await save(kept!, { 'product-price': String(newPrice).replace('.', ',') });
  await expect(line(page, kept!.name)).toContainText(euros(newPrice));
  await expect(line(page, kept!.name)).toContainText(`Prix modifié depuis l’ajout (avant\u00a0: ${euros(kept!.price)})`);
  await save(soldOut!, { 'product-stock': '0' });
  await expect(line(page, soldOut!.name)).toContainText('Épuisé, non compté dans le total');
  await expect(page.getByTestId('cart-subtotal')).toHaveText(euros(newPrice));
  await owner.close();
});
