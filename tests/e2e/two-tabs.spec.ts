import { expect, test } from './fixtures';
import { inStock } from './demo-data';
import { expectCartCount, stored } from './helpers';

test('two tabs of one browser each add a different product: both end up in the cart', async ({ context }) => {
  const [a, b] = inStock(2);
  const first = await context.newPage();
  const second = await context.newPage();
  await first.goto(`/produit/${a!.slug}`);
  await second.goto(`/produit/${b!.slug}`);
  await expectCartCount(first, 0);
  await expectCartCount(second, 0);

  await first.getByRole('button', { name: 'Ajouter au panier', exact: true }).click();
  await second.getByRole('button', { name: 'Ajouter au panier', exact: true }).click();

  for (const page of [first, second]) await expectCartCount(page, 2);
  await first.goto('/panier');
  await expect(first.getByTestId('cart-line')).toHaveCount(2);
  const lines = await stored<{ id: string }[]>(first, 'cart');
  expect(lines?.map((l) => l.id).sort()).toEqual([a!.id, b!.id].sort());
});

test('two tabs adding at the same moment lose neither product', async ({ context }) => {
  const [a, b] = inStock(2);
  const first = await context.newPage();
  const second = await context.newPage();
  await first.goto(`/produit/${a!.slug}`);
  await second.goto(`/produit/${b!.slug}`);

  await Promise.all([
    first.getByRole('button', { name: 'Ajouter au panier', exact: true }).click(),
    second.getByRole('button', { name: 'Ajouter au panier', exact: true }).click(),
  ]);

  await expectCartCount(first, 2);
  await expectCartCount(second, 2);
  await first.reload();
  await expectCartCount(first, 2);
});

test('a favorite marked in one tab shows in the other', async ({ context }) => {
  const [a] = inStock(1);
  const first = await context.newPage();
  const second = await context.newPage();
  await first.goto(`/produit/${a!.slug}`);
  await second.goto(`/produit/${a!.slug}`);
  await first.getByRole('button', { name: `Ajouter « ${a!.name} » aux favoris` }).click();
  await expect(second.getByTestId('favorites-count')).toHaveText('1');
  await expect(second.getByRole('button', { name: `Retirer « ${a!.name} » des favoris` })).toHaveAttribute('aria-pressed', 'true');
});
