import { expect, test } from '@playwright/test';
import { addToCart, expectCartCount, stored, toast } from './helpers';

interface StoredLine { id: string; name: string; quantity: number; image: string; inStock: boolean }

test('a shopper adds products to the cart, reloads, and the cart is still there', async ({ page }) => {
  await page.goto('/');
  await addToCart(page, 'Bol en grès bleu');
  await expect(toast(page)).toContainText('« Bol en grès bleu » ajouté au panier');
  await addToCart(page, 'Bol en grès bleu');
  await addToCart(page, 'Carnet en lin');
  await expectCartCount(page, 3);

  await page.reload();

  await expectCartCount(page, 3);
  const cart = page.getByRole('region', { name: 'Votre panier' });
  await expect(cart.getByTestId('cart-line')).toHaveCount(2);
  await expect(cart.getByLabel('Quantité de « Bol en grès bleu »')).toHaveValue('2');
  // 2 × 18,90 € + 12,50 €, formatted the French way (narrow no-break space before €).
  await expect(page.getByTestId('cart-subtotal')).toHaveText(/^50,30\s€$/);
  const lines = await stored<StoredLine[]>(page, 'cart');
  expect(lines?.map((l) => [l.id, l.quantity])).toEqual([
    ['bol-gres-bleu', 2],
    ['carnet-lin', 1],
  ]);
});

test('setting a quantity to 0 removes the line, and the stored cart follows', async ({ page }) => {
  await page.goto('/');
  await addToCart(page, 'Plaid en laine moutarde');
  const quantity = page.getByLabel('Quantité de « Plaid en laine moutarde »');
  await quantity.fill('4');
  await expectCartCount(page, 4);
  await page.getByRole('button', { name: 'Retirer un « Plaid en laine moutarde »' }).click();
  await expectCartCount(page, 3);
  await quantity.fill('0');
  await expect(page.getByText('Votre panier est vide.')).toBeVisible();
  expect(await stored(page, 'cart')).toEqual([]);
});

test('a corrupt stored cart is ignored: the shop opens with an empty cart and keeps working', async ({ page }) => {
  await page.addInitScript(() => {
    if (!sessionStorage.getItem('seeded')) {
      localStorage.setItem('cart', '{ceci n’est pas du JSON');
      localStorage.setItem('favorites', '[{"pas":"un produit"}]');
      sessionStorage.setItem('seeded', '1');
    }
  });
  await page.goto('/');
  await expectCartCount(page, 0);
  await addToCart(page, 'Carnet en lin');
  await expectCartCount(page, 1);
  await page.reload();
  await expectCartCount(page, 1);
});

test('a full storage quota keeps the cart in memory and says so in French', async ({ page }) => {
  await page.goto('/');
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
  await addToCart(page, 'Bol en grès bleu');
  const alert = toast(page);
  await expect(alert).toContainText('Votre panier n’a pas pu être enregistré');
  await expect(alert).toHaveClass(/toast--destructive/);
  await expectCartCount(page, 1);
  await expect(page.getByRole('region', { name: 'Votre panier' }).getByTestId('cart-line')).toHaveCount(1);
});
