import { arrange } from './arrange';
import { expect, test } from './checkpoints';
import { DEMO_PRODUCTS, inStock } from './demo-data';
import { expectCartCount, stored, toast } from './helpers';

// Issue 24, item 4: a quantity is a whole number; whatever else is typed changes nothing and says so.
// Issue 42, items 7 and 8: the field ends showing the quantity held (the cart's, or the one
// « Ajouter au panier » adds), at 375 and 1280 px.

const [product] = inStock(1, (p) => p.stock >= 10);
// 17 in stock, as in the issue: fewer than a line may hold (20), so the stock is what stops it.
const WATERING_CAN = DEMO_PRODUCTS.find((p) => p.slug === 'arrosoir-en-zinc-5-l' && p.stock === 17)!;
const refused = (held: number, atLeastOne: boolean) =>
  new RegExp(`^Saisissez un nombre entier${atLeastOne ? ' d’au moins 1' : ''}\\s:\\sla quantité reste ${held}\\.$`);

type Line = { id: string; quantity: number };

for (const viewport of [
  { width: 375, height: 812 },
  { width: 1280, height: 900 },
]) {
  test(`at ${viewport.width} px, 0 and 2.5 typed on a product page are refused beside the field, which then reads the 1 « Ajouter au panier » adds`, async ({
    page,
    checkpoint,
  }) => {
    await page.setViewportSize(viewport);
    await page.goto(`/produit/${product!.slug}`);
    const field = page.getByRole('spinbutton', { name: /^Quantité de/ });
    await field.fill('0');
    await expect(page.getByText(refused(1, true))).toBeVisible();
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await checkpoint('produit, 0 saisi');
    await page.getByRole('button', { name: 'Ajouter au panier', exact: true }).click();
    await expect(field).toHaveValue('1');
    await expect(field).not.toHaveAttribute('aria-invalid');
    await expect(page.getByText(refused(1, true))).toBeVisible();
    await expect(toast(page)).toContainText(`«\u202f${product!.name}\u202f» ajouté au panier`);
    await expectCartCount(page, 1);
    await checkpoint('produit, 0 refusé puis 1 ajouté', { axe: false });

    await field.fill('2.5');
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await field.press('Tab');
    await expect(field).toHaveValue('1');
    await expect(page.getByText(refused(1, true))).toBeVisible();
    // « + » changes the quantity: the field shows it, the message goes.
    await page.getByRole('button', { name: /^Ajouter un/ }).click();
    await expect(field).toHaveValue('2');
    await expect(page.getByText(/^Saisissez un nombre entier/)).toHaveCount(0);
    await expect.poll(() => stored<Line[]>(page, 'cart')).toEqual([expect.objectContaining({ id: product!.id, quantity: 1 })]);
  });

  test(`at ${viewport.width} px, in the cart: 999 typed on a line of 17 in stock reads 17; 1e1 changes nothing and says so`, async ({ page, checkpoint }) => {
    await page.setViewportSize(viewport);
    await arrange(page, {
      cart: [
        { product: WATERING_CAN, quantity: 1 },
        { product: product!, quantity: 1 },
      ],
    });
    await page.goto('/panier');
    const field = page.getByRole('spinbutton', { name: `Quantité de «\u202f${WATERING_CAN.name}\u202f»` });
    await field.selectText();
    await field.pressSequentially('999');
    await expect(toast(page)).toContainText('17');
    await expect(field).toHaveValue('17');
    await expectCartCount(page, 18);
    await expect
      .poll(() => stored<Line[]>(page, 'cart'))
      .toEqual([expect.objectContaining({ id: WATERING_CAN.id, quantity: 17 }), expect.objectContaining({ id: product!.id, quantity: 1 })]);
    await checkpoint('panier, 999 saisi pour 17 en stock');

    const other = page.getByRole('spinbutton', { name: `Quantité de «\u202f${product!.name}\u202f»` });
    await other.fill('1e1');
    await expect(page.getByText(refused(1, false))).toBeVisible();
    await other.press('Tab');
    await expect(other).toHaveValue('1');
    await expect(page.getByText(refused(1, false))).toBeVisible();
    await expectCartCount(page, 18);
    await checkpoint('panier, 1e1 refusé', { axe: false });
    await other.fill('3');
    await expectCartCount(page, 20);
    await expect(page.getByText(/^Saisissez un nombre entier/)).toHaveCount(0);
  });
}
