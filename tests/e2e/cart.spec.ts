import { expect, test } from './fixtures';
import { inStock } from './demo-data';
import { addToCartFromProductPage, expectCartCount, stored, toast } from './helpers';

interface StoredLine {
  id: string;
  name: string;
  quantity: number;
  image: string;
  inStock: boolean;
}

const euros = (n: number) => new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' }).format(n);

test('a shopper adds products to the cart, reloads, and the cart is still there', async ({ page }) => {
  const [first, second] = inStock(2);
  await addToCartFromProductPage(page, first!.slug);
  await expect(toast(page)).toContainText(`« ${first!.name} » ajouté au panier`);
  await page.getByRole('button', { name: 'Ajouter au panier', exact: true }).click();
  await addToCartFromProductPage(page, second!.slug);
  await expectCartCount(page, 3);

  await page.goto('/panier');
  await page.reload();

  await expectCartCount(page, 3);
  await expect(page.getByTestId('cart-line')).toHaveCount(2);
  await expect(page.getByLabel(`Quantité de « ${first!.name} »`)).toHaveValue('2');
  await expect(page.getByTestId('cart-subtotal')).toHaveText(euros(2 * first!.price + second!.price));
  const lines = await stored<StoredLine[]>(page, 'cart');
  expect(lines?.map((l) => [l.id, l.quantity])).toEqual([
    [first!.id, 2],
    [second!.id, 1],
  ]);
});

test('setting a quantity to 0 removes the line, and the stored cart follows', async ({ page }) => {
  const [product] = inStock(1);
  await addToCartFromProductPage(page, product!.slug);
  await page.goto('/panier');
  const quantity = page.getByLabel(`Quantité de « ${product!.name} »`);
  await quantity.fill('4');
  await expectCartCount(page, 4);
  await page.getByRole('button', { name: `Retirer un « ${product!.name} »` }).click();
  await expectCartCount(page, 3);
  await quantity.fill('0');
  await expect(page.getByText('Votre panier est vide.')).toBeVisible();
  // The screen changes at once; the commit to storage follows (src/adapters/cross-tab/persisted-state.ts).
  await expect.poll(() => stored(page, 'cart')).toEqual([]);
});

test('a corrupt stored cart is ignored: the shop opens with an empty cart and keeps working', async ({ page }) => {
  await page.addInitScript(() => {
    if (!sessionStorage.getItem('seeded')) {
      localStorage.setItem('cart', '{ceci n’est pas du JSON');
      localStorage.setItem('favorites', '[{"pas":"un produit"}]');
      sessionStorage.setItem('seeded', '1');
    }
  });
  const [product] = inStock(1);
  await page.goto('/');
  await expectCartCount(page, 0);
  await addToCartFromProductPage(page, product!.slug);
  await expectCartCount(page, 1);
  await page.reload();
  await expectCartCount(page, 1);
});

test('a full storage quota keeps the cart in memory and says so in French', async ({ page }) => {
  const [product] = inStock(1);
  await page.goto(`/produit/${product!.slug}`);
  // Fill localStorage to the brim, as a long-lived browser profile might be.
  await page.evaluate(() => {
    const chunk = 'x'.repeat(256 * 1024);
    for (let i = 0; ; i++) {
      try {
        localStorage.setItem(`remplissage-${i}`, chunk);
      } catch {
        break;
      }
    }
    for (let size = 1024; size >= 1; size = Math.floor(size / 2)) {
      try {
        for (let j = 0; ; j++) localStorage.setItem(`miette-${size}-${j}`, 'y'.repeat(size));
      } catch {
        /* this size no longer fits: try smaller */
      }
    }
  });
  await page.getByRole('button', { name: 'Ajouter au panier', exact: true }).click();
  const alert = toast(page);
  await expect(alert).toContainText('Votre panier n’a pas pu être enregistré');
  await expect(alert).toHaveClass(/toast--destructive/);
  await expectCartCount(page, 1);
  await page.getByRole('link', { name: /^Panier/ }).click();
  await expect(page.getByTestId('cart-line')).toHaveCount(1);
});
