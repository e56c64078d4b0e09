import { type Page } from '@playwright/test';
import { expect, test } from './checkpoints';
import { expectNoViolations } from './axe';
import { arrange } from './arrange';
import { DEMO_PRODUCTS } from './demo-data';
import { SHOPPER } from './checkout-journey';
import { expectCellsOnScreen, JOURNEY_TIMEOUT_MS, signInAt, toast } from './helpers';

// Issue 13, the owner's side of orders on the local build: a placed order is found in
// /admin/commandes, filtered by status, opened and moved along the allowed transitions only;
// the dashboard counts it and its total is the day's revenue. The order is arranged where the
// shop keeps it (tests/e2e/arrange.ts: placing one through the checkout is checkout.spec.ts's
// journey, the stock it takes included); the owner signs in through the form in the journey and
// is arranged signed in elsewhere. Each test has a browser profile of its own: the orders of
// one never reach another. Axe audits each page at each width once, where the journey shows it
// (its checkpoints), and the cancel confirmation where the test opens it.

/** 5 in stock at 22,50 €: two of them make 45,00 €, plus 4,90 € of home delivery. */
const PRODUCT = DEMO_PRODUCTS.find((p) => p.slug === 'bougeoir-en-laiton-martele')!;
const ORDERED = 2;
const TOTAL = /^49,90\s€$/;

/**
 * A shopper has ordered ORDERED of PRODUCT (home delivery, the accepted test card: « payée »),
 * the owner signed in or not: the order's number.
 */
async function placedCardOrder(page: Page, { owner }: { owner: boolean }): Promise<string> {
  const [order] = await arrange(page, { owner, orders: [{ lines: [{ product: PRODUCT, quantity: ORDERED }] }] });
  return order!.number;
}

const row = (page: Page, number: string) => page.getByTestId('admin-order-row').filter({ has: page.getByRole('link', { name: number, exact: true }) });
const statusActions = (page: Page) => page.getByRole('region', { name: 'Changer le statut' }).getByRole('button');

for (const viewport of [
  { width: 375, height: 812 },
  { width: 1280, height: 900 },
]) {
  test(`at ${viewport.width} px, the owner signs in, finds a placed order, filters by status, moves it to « expédiée »; the dashboard counts it`, async ({
    page,
    checkpoint,
  }) => {
    test.setTimeout(JOURNEY_TIMEOUT_MS);
    await page.setViewportSize(viewport);
    const number = await placedCardOrder(page, { owner: false });

    // The orders list, from the back office's navigation.
    await signInAt(page, '/admin');
    await expect(page.getByRole('heading', { level: 1, name: 'Tableau de bord' })).toBeVisible();
    await expect(page.getByTestId('dashboard-revenue')).toHaveText(TOTAL);
    await checkpoint('administration, tableau de bord');
    await page.getByRole('navigation', { name: 'Administration' }).getByRole('link', { name: 'Commandes' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Commandes' })).toBeVisible();
    await expect(row(page, number).getByRole('cell')).toHaveText([
      /^\d{1,2} \S+ \d{4} à \d{2}:\d{2}$/,
      `${SHOPPER.name}${SHOPPER.email}Livraison à domicile`,
      TOTAL,
      'Payée',
    ]);
    await expectCellsOnScreen(page, row(page, number), ['Client', 'Total', 'Statut']);
    await checkpoint('administration, commandes');

    // Filtered by status, in the address.
    const status = page.getByLabel('Statut');
    await status.selectOption({ label: 'Livrée' });
    await expect(page).toHaveURL(/\/admin\/commandes\?statut=livree$/);
    await expect(page.getByText('Aucune commande « livrée ».')).toBeVisible();
    await checkpoint('administration, commandes livrées (aucune)');
    await status.selectOption({ label: 'Payée' });
    await expect(page).toHaveURL(/\/admin\/commandes\?statut=payee$/);
    await expect(row(page, number)).toBeVisible();
    await page.reload();
    await expect(status).toHaveValue('payee');
    await expect(page.getByTestId('admin-order-row')).toHaveCount(1);

    // Its page: what was ordered, and only the allowed next statuses.
    await row(page, number).getByRole('link', { name: number }).click();
    await expect(page.getByRole('heading', { level: 1, name: `Commande ${number}` })).toBeVisible();
    await expect(page.getByTestId('admin-order-line').getByRole('cell')).toHaveText([String(ORDERED), /^22,50\s€$/, /^45,00\s€$/]);
    await expect(page.getByTestId('order-total')).toHaveText(TOTAL);
    await expect(page.getByTestId('order-payment')).toHaveText(/^Carte bancaire se terminant par 4242 \(référence du prestataire\s: SIMU-[\w-]+\)$/);
    await expect(statusActions(page)).toHaveText(['Marquer comme expédiée', 'Annuler la commande']);
    await checkpoint('administration, une commande payée');
    await page.getByRole('button', { name: 'Marquer comme expédiée' }).click();
    await expect(toast(page)).toContainText(`La commande ${number} est maintenant « expédiée ».`);
    await expect(page.getByTestId('order-status')).toHaveText('Expédiée');
    // The button pressed gave way to the next ones: the focus on the section's title (issue 42, 9).
    await expect(page.getByRole('heading', { level: 2, name: 'Changer le statut' })).toBeFocused();
    await checkpoint('administration, la commande expédiée', { axe: false });
    // Shipped: it can only be delivered; cancelling is no longer offered.
    await expect(statusActions(page)).toHaveText(['Marquer comme livrée']);
    await page.reload();
    await expect(page.getByTestId('order-status')).toHaveText('Expédiée');
    await expect(statusActions(page)).toHaveText(['Marquer comme livrée']);

    // The dashboard: counts by status, each a link to its list, and today's revenue.
    await page.goto('/admin');
    await expect(page.getByTestId('dashboard-orders-expediee')).toHaveText('1');
    for (const other of ['en-attente', 'payee', 'livree', 'annulee']) await expect(page.getByTestId(`dashboard-orders-${other}`)).toHaveText('0');
    await expect(page.getByTestId('dashboard-revenue')).toHaveText(TOTAL);
    await checkpoint('administration, tableau de bord après l’expédition', { axe: false });
    await page.getByRole('link', { name: '1 commande expédiée' }).click();
    await expect(page).toHaveURL(/\/admin\/commandes\?statut=expediee$/);
    await expect(row(page, number)).toBeVisible();
  });
}

test('cancelling asks first; an order moved in another tab shows there without a reload, its refused transitions no longer offered', async ({
  page,
  context,
}, testInfo) => {
  // The owner's tab on a phone: its confirmation is audited there.
  await page.setViewportSize({ width: 375, height: 800 });
  const number = await placedCardOrder(page, { owner: true });
  await page.goto(`/admin/commandes/${number}`);
  await expect(page.getByTestId('order-status')).toHaveText('Payée');
  const other = await context.newPage();
  await other.goto('/admin/commandes');
  await expect(row(other, number).getByRole('cell').last()).toHaveText('Payée');
  // The shopper's « Mes commandes », open in a third tab of the same browser (issue 24, item 2).
  const shopper = await context.newPage();
  await shopper.goto('/mes-commandes');
  const shopperRow = shopper.getByTestId('order-row').filter({ hasText: number });
  await expect(shopperRow).toContainText('Payée');

  // « Annuler la commande » asks; Escape keeps the order as it was.
  await page.getByRole('button', { name: 'Annuler la commande' }).click();
  const dialog = page.getByRole('dialog', { name: 'Annuler cette commande ?' });
  await expect(dialog).toContainText(`La commande ${number} passera à « annulée ».`);
  // Issue 24, item 8: the owner is told the refund they owe.
  await expect(dialog).toContainText(
    /Le client a payé \d+,\d{2}\s€ par carte \(se terminant par 4242\)\s: remboursez-le depuis votre espace de paiement, sous 14\sjours au plus\./,
  );
  await expect(dialog.getByRole('button', { name: 'Garder la commande' })).toBeFocused();
  await expectNoViolations(page, testInfo, 'the cancel confirmation');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('order-status')).toHaveText('Payée');

  await page.getByRole('button', { name: 'Annuler la commande' }).click();
  await dialog.getByRole('button', { name: 'Annuler la commande' }).click();
  await expect(page.getByTestId('order-status')).toHaveText('Annulée');
  await expect(page.getByText('Une commande « annulée » ne change plus de statut.')).toBeVisible();
  await expect(statusActions(page)).toHaveCount(0);
  // The other tab's list follows without a reload.
  await expect(row(other, number).getByRole('cell').last()).toHaveText('Annulée');
  await expect(shopperRow).toContainText('Annulée');
  // The shopper's page of the order says what becomes of the payment.
  await page.goto(`/commande/confirmation/${number}`);
  await expect(page.getByTestId('order-status')).toHaveText('Annulée');
  await expect(page.getByRole('main')).toContainText(
    /Votre paiement de \d+,\d{2}\s€ vous est remboursé sur la carte se terminant par 4242, sous 14\sjours au plus\./,
  );
});

test('an unknown order number says « Commande introuvable »', async ({ page }) => {
  await arrange(page, { owner: true });
  await page.goto('/admin/commandes/CMD-2026-999999');
  await expect(page.getByRole('heading', { level: 1, name: 'Commande introuvable' })).toBeVisible();
  await expect(page).toHaveTitle('Commande introuvable · Administration · La Petite Boutique');
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
});
