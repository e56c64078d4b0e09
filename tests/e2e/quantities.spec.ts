import { expect, test } from './fixtures';
import { arrange } from './arrange';
import { inStock } from './demo-data';
import { expectCartCount, stored, toast } from './helpers';

// Issue 24, item 4: a quantity is a whole number; whatever else is typed changes nothing and says so.

const [product] = inStock(1, (p) => p.stock >= 10);
const NOT_WHOLE = /^Saisissez un nombre entier\s:\sla quantité reste 1\.$/;

test.use({ viewport: { width: 375, height: 812 } });

test('2.5 typed on a product page is refused beside the field; « Ajouter au panier » adds the quantity it names', async ({ page }) => {
  await page.goto(`/produit/${product!.slug}`);
  const field = page.getByRole('spinbutton', { name: new RegExp(`^Quantité de`) });
  await field.fill('2.5');
  await expect(page.getByText(NOT_WHOLE)).toBeVisible();
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await page.getByRole('button', { name: 'Ajouter au panier', exact: true }).click();
  await expect(toast(page)).toContainText(`«\u202f${product!.name}\u202f» ajouté au panier`);
  await expect(toast(page)).not.toContainText('2.5');
  await expectCartCount(page, 1);
  await expect.poll(() => stored<{ id: string; quantity: number }[]>(page, 'cart')).toEqual([expect.objectContaining({ id: product!.id, quantity: 1 })]);
  // « + » changes the quantity: the field shows it, the message goes.
  await page.getByRole('button', { name: /^Ajouter un/ }).click();
  await expect(field).toHaveValue('2');
  await expect(page.getByText(NOT_WHOLE)).toHaveCount(0);
});

test('1e1 typed in the cart changes nothing and says so, until a whole number is typed', async ({ page }) => {
  await arrange(page, { cart: [{ product: product!, quantity: 1 }] });
  await page.goto('/panier');
  const field = page.getByRole('spinbutton').first();
  await field.fill('1e1');
  await expect(page.getByText(NOT_WHOLE)).toBeVisible();
  await expectCartCount(page, 1);
  await field.press('Tab');
  await expect(page.getByText(NOT_WHOLE)).toBeVisible();
  await expectCartCount(page, 1);
  await field.fill('3');
  await expectCartCount(page, 3);
  await expect(page.getByText(/^Saisissez un nombre entier/)).toHaveCount(0);
  await expect.poll(() => stored<{ id: string; quantity: number }[]>(page, 'cart')).toEqual([expect.objectContaining({ id: product!.id, quantity: 3 })]);
});
