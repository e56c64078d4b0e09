import { type Page } from '@playwright/test';
import { expect, test } from '../e2e/fixtures';
import { signInAt } from '../e2e/helpers';
import { ADMIN_USER } from '../support/supabase/test-project';
import { supabaseProject } from './supabase-route';

// Issue 13 on the Supabase build: the back office's open orders pages follow the orders as they
// are placed elsewhere (another shopper's browser: here, place_order run in the test database as
// a visitor's request runs), through the page's Realtime socket, served by the fake Realtime
// server fed from the WAL. Realtime applies row-level security: the page hears of the order
// because its channel joined with the admin's session.

const project = supabaseProject([ADMIN_USER]);

/** A shopper elsewhere orders 2 of a published product in stock, paid on delivery: the order's number. */
async function placeOrderElsewhere(): Promise<string> {
  const [product] = await project.cluster.query<{ id: string }>(`select id::text from public.products where is_published and stock >= 2 order by id limit 1`);
  const [order] = await project.cluster.query<{ number: string }>(
    `select public.place_order($1::jsonb, 'camille@exemple.fr', null, 'Camille Martin', '12 rue de la Roquette', '75011', 'Paris', 'France', 'domicile', 'a-la-livraison') ->> 'number' as number`,
    [JSON.stringify([{ productId: Number(product!.id), quantity: 2 }])],
    { role: 'anon', claims: { role: 'anon' } },
  );
  return order!.number;
}

/** Marks the document, to tell later that no reload happened. */
async function markDocument(page: Page) {
  await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
}
const sameDocument = (page: Page) => page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument === true);

/** The page's channels have joined: the storefront's catalogue channel and the back office's orders channel. */
const listening = () => project.realtime.whenChannels(2);

test('an open orders list shows an order placed meanwhile, through Realtime, without a reload', async ({ page }) => {
  await signInAt(page, '/admin/commandes', ADMIN_USER);
  await expect(page.getByRole('heading', { level: 1, name: 'Commandes' })).toBeVisible();
  await expect(page.getByText('Aucune commande pour le moment.')).toBeVisible();
  await markDocument(page);
  await listening();

  const number = await placeOrderElsewhere();
  const row = page.getByTestId('admin-order-row').filter({ has: page.getByRole('link', { name: number, exact: true }) });
  await expect(row.getByRole('cell')).toHaveText([/\d{4} à \d{2}:\d{2}$/, 'Camille Martincamille@exemple.frLivraison à domicile', /\s€$/, 'En attente']);
  expect(await sameDocument(page)).toBe(true);

  // Moved from its page, the order shows its new status back in the list.
  await row.getByRole('link', { name: number }).click();
  // Paid on delivery (issue 42): shipped unpaid, never « payée » first.
  await expect(page.getByRole('region', { name: 'Changer le statut' }).getByRole('button')).toHaveText(['Marquer comme expédiée', 'Annuler la commande']);
  await page.getByRole('button', { name: 'Marquer comme expédiée' }).click();
  await expect(page.getByTestId('order-status')).toHaveText('Expédiée');
  const [saved] = await project.cluster.query<{ status: string }>('select status from public.orders where number = $1', [number]);
  expect(saved!.status).toBe('expediee');
});

test('an open dashboard counts an order placed meanwhile, through Realtime, without a reload', async ({ page }) => {
  await signInAt(page, '/admin', ADMIN_USER);
  await expect(page.getByTestId('dashboard-orders-en-attente')).toHaveText('0');
  await markDocument(page);
  await listening();
  await placeOrderElsewhere();
  await expect(page.getByTestId('dashboard-orders-en-attente')).toHaveText('1');
  // To be paid on delivery: nothing cashed yet (issue 42).
  await expect(page.getByTestId('dashboard-revenue')).toHaveText(/^0,00\s€$/);
  expect(await sameDocument(page)).toBe(true);
});
