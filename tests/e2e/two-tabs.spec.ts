import { expect, test } from '@playwright/test';
import { addToCart, expectCartCount, stored } from './helpers';

test('two tabs of one browser each add a different product: both end up in the cart', async ({ context }) => {
  const first = await context.newPage();
  const second = await context.newPage();
  await first.goto('/');
  await second.goto('/');
  await expectCartCount(first, 0);
  await expectCartCount(second, 0);

  await addToCart(first, 'Bol en grès bleu');
  await addToCart(second, 'Carnet en lin');

  for (const page of [first, second]) {
    await expectCartCount(page, 2);
    await expect(page.getByRole('region', { name: 'Votre panier' }).getByTestId('cart-line')).toHaveCount(2);
  }
  const lines = await stored<{ id: string }[]>(first, 'cart');
  expect(lines?.map((l) => l.id).sort()).toEqual(['bol-gres-bleu', 'carnet-lin']);
});

test('two tabs adding at the same moment lose neither product', async ({ context }) => {
  const first = await context.newPage();
  const second = await context.newPage();
  await first.goto('/');
  await second.goto('/');

  await Promise.all([addToCart(first, 'Plaid en laine moutarde'), addToCart(second, 'Carnet en lin')]);

  await expectCartCount(first, 2);
  await expectCartCount(second, 2);
  await first.reload();
  await expectCartCount(first, 2);
});

test('a favorite marked in one tab shows in the other', async ({ context }) => {
  const first = await context.newPage();
  const second = await context.newPage();
  await first.goto('/');
  await second.goto('/');
  await first
    .getByRole('article', { name: 'Carnet en lin' })
    .getByRole('button', { name: 'Ajouter « Carnet en lin » aux favoris' })
    .click();
  await expect(second.getByTestId('favorites-count')).toHaveText('1');
  await expect(
    second
      .getByRole('article', { name: 'Carnet en lin' })
      .getByRole('button', { name: 'Retirer « Carnet en lin » des favoris' }),
  ).toHaveAttribute('aria-pressed', 'true');
});
