import { expect, test } from '@playwright/test';
import { addProduct, checkoutMain, checkoutToReview } from '../e2e/checkout-journey';
import { DEMO_PRODUCTS } from '../e2e/demo-data';
import { startTestCluster, type TestCluster } from '../../scripts/db/test-cluster.mjs';
import { FakeSupabase } from '../support/supabase/fake-supabase';
import { ADMIN_USER, SHOPPER_USER } from '../support/supabase/test-project';
import { routeSupabase } from './supabase-route';

// Issue 24, item 5 on the Supabase build: the review's VAT per rate comes from the catalogue's
// rates (products.vat_rate), the confirmation's from the database's order document, computed in
// SQL; each line is stored at its product's rate (tests/e2e/vat-rates.spec.ts: the local build).

let cluster: TestCluster;
let fake: FakeSupabase;

test.beforeAll(async () => {
  cluster = await startTestCluster({ seed: true });
  fake = new FakeSupabase(cluster, { users: [ADMIN_USER, SHOPPER_USER] });
});
test.afterAll(async () => {
  await cluster?.stop();
});
test.beforeEach(async ({ page }) => {
  await cluster.reset();
  fake.violations.length = 0;
  await routeSupabase(page, fake);
  await page.route('**/assets/demo-catalogue-*.json', (route) => route.abort());
});
test.afterEach(() => {
  expect(fake.violations).toEqual([]);
});

const CHOCOLATE = DEMO_PRODUCTS.find((p) => p.slug === 'chocolat-noir-70')!;
const CANDLE = DEMO_PRODUCTS.find((p) => p.slug === 'bougie-parfumee-figuier')!;
// 11,00 € at 5,5 % and 24,00 € at 20 %, the 4,90 € fee split 1,54 € / 3,36 €: 0,65 € and 4,56 €.
const VAT_LINES = [/^dont TVA 5,5\s%\s:\s*0,65\s€$/, /^dont TVA 20\s%\s:\s*4,56\s€$/];

for (const [width, height] of [
  [375, 812],
  [1280, 800],
] as const) {
  test(`at ${width} px: chocolate and a candle show one VAT line per rate on the review and, from the database, on the confirmation`, async ({ page }) => {
    await page.setViewportSize({ width, height });
    await addProduct(page, CHOCOLATE, 2);
    await addProduct(page, CANDLE, 1);
    await checkoutToReview(page);
    await expect(page.getByTestId('total-tva')).toHaveText(VAT_LINES);
    await checkoutMain(page).getByRole('button', { name: 'Commander' }).click();
    const heading = page.getByRole('heading', { level: 1, name: /^Commande CMD-\d{4}-\d{6}$/ });
    await expect(heading).toBeVisible();
    await expect(page.getByTestId('total-tva')).toHaveText(VAT_LINES);
    const number = ((await heading.textContent()) ?? '').replace('Commande ', '');
    const lines = await cluster.query<{ product_name: string; vat_rate: number }>(
      'select l.product_name, l.vat_rate from public.order_lines l join public.orders o on o.id = l.order_id where o.number = $1 order by l.position',
      [number],
    );
    expect(lines).toEqual([
      { product_name: CHOCOLATE.name, vat_rate: 550 },
      { product_name: CANDLE.name, vat_rate: 2000 },
    ]);
  });
}
