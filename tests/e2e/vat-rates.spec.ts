import { type Page } from '@playwright/test';
import { expect, test } from './checkpoints';
import { arrange, FILLED_CHECKOUT_DRAFT } from './arrange';
import { checkoutMain, stepHeading } from './checkout-journey';
import { DEMO_PRODUCTS, vatRateOf } from './demo-data';
import { toast } from './helpers';

// Issue 24, item 5: food was taxed at 20 %. A cart of chocolate (food, 5,5 %) and a candle (20 %)
// shows one VAT line per rate, the delivery fee split between them pro rata, on the review step,
// the confirmation, the order's page from « Mes commandes » and the back office's order page.
// The cart, the checkout's entries (cash on delivery) and the owner's session are arranged
// (tests/e2e/arrange.ts): typing every step is checkout.spec.ts's journey.

const WIDTHS = [
  [375, 812],
  [1280, 800],
] as const;

const CHOCOLATE = DEMO_PRODUCTS.find((p) => p.slug === 'chocolat-noir-70')!;
const CANDLE = DEMO_PRODUCTS.find((p) => p.slug === 'bougie-parfumee-figuier')!;

// 2 × 5,50 € of chocolate and 24,00 € of candle: 35,00 €, under 60 €: home delivery 4,90 €.
// The fee's share of the chocolate: 4,90 × 11,00 / 35,00 = 1,54 €, the candle's 3,36 €.
// 5,5 %: 12,54 − 12,54 / 1,055 = 0,6537… → 0,65 €; 20 %: 27,36 − 27,36 / 1,2 = 4,56 €.
// Written the French way: a no-break space (U+00A0) before %, : and €.
const VAT_LINES = [/^dont TVA 5,5\u00a0%\u00a0:\s*0,65\u00a0€$/, /^dont TVA 20\u00a0%\u00a0:\s*4,56\u00a0€$/];

/** The review step of a checkout whose entries are all made, for `cart`; the owner signed in too. */
async function toReview(page: Page, cart: { product: (typeof DEMO_PRODUCTS)[number]; quantity: number }[]) {
  await arrange(page, { owner: true, cart, checkoutDraft: FILLED_CHECKOUT_DRAFT });
  await page.goto('/commande/recapitulatif');
  await expect(stepHeading(page, 'Récapitulatif')).toBeVisible();
}

/** The rows of a page's VAT per rate, each « dont TVA 5,5 % : 0,65 € ». */
const vatRows = (page: Page, testId: 'total-tva' | 'order-vat') => page.getByTestId(testId);

async function fitsTheWidth(page: Page, width: number) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

test('the products ordered: chocolate at 5,5 % (its category, the épicerie fine), the candle at 20 %, 35,00 € in all', () => {
  expect([CHOCOLATE.price, vatRateOf(CHOCOLATE), CANDLE.price, vatRateOf(CANDLE)]).toEqual([5.5, 550, 24, 2000]);
  expect(CHOCOLATE.stock).toBeGreaterThanOrEqual(2);
  expect(CANDLE.stock).toBeGreaterThanOrEqual(1);
});

for (const [width, height] of WIDTHS) {
  test(`at ${width} px: food at 5,5 % and a candle at 20 %, one VAT line per rate on the review, the confirmation, « Mes commandes » and the back office`, async ({
    page,
    checkpoint,
  }) => {
    await page.setViewportSize({ width, height });
    await toReview(page, [
      { product: CHOCOLATE, quantity: 2 },
      { product: CANDLE, quantity: 1 },
    ]);

    await expect(page.getByTestId('total-ttc')).toHaveText(/^39,90\s€$/);
    await expect(vatRows(page, 'total-tva')).toHaveText(VAT_LINES);
    for (const row of await vatRows(page, 'total-tva').all()) await expect(row).toBeVisible();
    await fitsTheWidth(page, width);

    await checkoutMain(page).getByRole('button', { name: 'Commander avec obligation de paiement' }).click();
    const heading = page.getByRole('heading', { level: 1, name: /^Commande CMD-\d{4}-\d{6}$/ });
    await expect(heading).toBeVisible();
    const number = ((await heading.textContent()) ?? '').replace('Commande ', '');
    await expect(vatRows(page, 'total-tva')).toHaveText(VAT_LINES);
    await fitsTheWidth(page, width);

    // « Mes commandes », after a reload: the order's page, read back from where it was saved.
    await page.goto('/mes-commandes');
    await page.getByRole('link', { name: number }).click();
    await expect(page.getByRole('heading', { level: 1, name: `Commande ${number}` })).toBeVisible();
    await expect(vatRows(page, 'total-tva')).toHaveText(VAT_LINES);

    // The back office's order page.
    await page.goto(`/admin/commandes/${number}`);
    await expect(page.getByRole('heading', { level: 1, name: `Commande ${number}` })).toBeVisible();
    await expect(page.getByTestId('order-total')).toHaveText(/^39,90\s€$/);
    await expect(vatRows(page, 'order-vat')).toHaveText(VAT_LINES);
    for (const row of await vatRows(page, 'order-vat').all()) await expect(row).toBeVisible();
    // Issue 42, item 12: « Total TTC » stands out, not the first of two VAT lines.
    const weight = (row: ReturnType<Page['locator']>) => row.locator('th').evaluate((cell) => getComputedStyle(cell).fontWeight);
    expect(await weight(page.locator('tr', { has: page.getByTestId('order-total') }))).toBe('700');
    for (const row of await vatRows(page, 'order-vat').all()) expect(await weight(row)).toBe('400');
    await checkpoint('administration, une commande à deux taux de TVA', { axe: false });
  });
}

test('the owner sets a food product to another rate in its form; the next order shows that rate', async ({ page }) => {
  await toReview(page, [{ product: CHOCOLATE, quantity: 2 }]);
  await expect(vatRows(page, 'total-tva')).toHaveText([/^dont TVA 5,5\u00a0%\u00a0:\s*0,83\u00a0€$/]);
  await page.goto(`/admin/produits/${CHOCOLATE.id}`);
  const rate = page.getByRole('combobox', { name: 'Taux de TVA' });
  await expect(rate).toHaveValue('550');
  await expect(rate.locator('option:checked')).toHaveText('5,5\u00a0% (taux réduit\u00a0: alimentation, livres)');
  await rate.selectOption({ label: '20\u00a0% (taux normal)' });
  await page.getByRole('button', { name: 'Enregistrer les modifications' }).click();
  await expect(toast(page)).toContainText('Produit enregistré');
  await page.goto(`/admin/produits/${CHOCOLATE.id}`);
  await expect(page.getByRole('combobox', { name: 'Taux de TVA' })).toHaveValue('2000');

  await page.goto('/commande/recapitulatif');
  // 11,00 € + 4,90 € of delivery, all at 20 % now: 2,65 € (it was 0,83 € at 5,5 %).
  await expect(vatRows(page, 'total-tva')).toHaveText([/^dont TVA 20\u00a0%\u00a0:\s*2,65\u00a0€$/]);
});
