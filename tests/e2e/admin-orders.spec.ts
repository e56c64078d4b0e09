import { type Page } from '@playwright/test';
import { expect, test } from './checkpoints';
import { expectNoViolations } from './axe';
import { arrange } from './arrange';
import { DEMO_PRODUCTS } from './demo-data';
import { SHOPPER } from './checkout-journey';
import { expectCellsOnScreen, JOURNEY_TIMEOUT_MS, signInAt, toast } from './helpers';
import { formatCents } from '@/domain/price-format';
import { ORDER_STATUSES } from '@/domain/order/order-status';

// Issue 13, the owner's side of orders on the local build: a placed order is found in
// /admin/commandes, filtered by status, opened and moved along the allowed transitions only;
// the dashboard counts it and its total is what was cashed today. Issue 42 (point 1): each way to
// pay and to deliver has its own path — an order paid on delivery is shipped then « livrée et
// payée », one paid at the shop « prête à retirer » then « retirée et payée »; neither counts as
// cashed before it is handed over. The order is arranged where the
// shop keeps it (tests/e2e/arrange.ts: placing one through the checkout is checkout.spec.ts's
// journey, the stock it takes included); the owner signs in through the form in the journey and
// is arranged signed in elsewhere. Each test has a browser profile of its own: the orders of
// one never reach another. Axe audits each page at each width once, where the journey shows it
// (its checkpoints), and the cancel confirmation where the test opens it.

/** 5 in stock at 22,50 €: two of them make 45,00 €, plus 4,90 € of home delivery. */
const PRODUCT = DEMO_PRODUCTS.find((p) => p.slug === 'bougeoir-en-laiton-martele')!;
const ORDERED = 2;
const TOTAL = /^49,90\s€$/;
/** One of it in an order paid on delivery (home, 4,90 € of delivery), one in an order paid at the shop (no fee). */
const OTHER = DEMO_PRODUCTS.find((p) => p.inStock && p.stock >= 5 && p.price < 30 && p.originalPrice === undefined && p.id !== PRODUCT.id)!;
const OTHER_CENTS = Math.round(OTHER.price * 100);
const CASH_CENTS = OTHER_CENTS + 490;
/** An amount as the shop writes it, whatever the space before « € ». */
const euros = (cents: number) => new RegExp(`^${formatCents(cents).replace(/\s/g, '\\s')}$`);

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
  test(`at ${viewport.width} px, the owner signs in, finds a placed order, filters by status, moves it to « expédiée »; each way to pay has its path; the dashboard counts what was paid`, async ({
    page,
    checkpoint,
  }) => {
    test.setTimeout(JOURNEY_TIMEOUT_MS);
    await page.setViewportSize(viewport);
    const [card, cash, pickup] = await arrange(page, {
      orders: [
        { lines: [{ product: PRODUCT, quantity: ORDERED }] },
        { lines: [{ product: OTHER, quantity: 1 }], payment: 'a-la-livraison' },
        { lines: [{ product: OTHER, quantity: 1 }], payment: 'a-la-livraison', deliveryMethod: 'retrait-boutique' },
      ],
    });
    const number = card!.number;

    // The orders list, from the back office's navigation.
    await signInAt(page, '/admin');
    await expect(page.getByRole('heading', { level: 1, name: 'Tableau de bord' })).toBeVisible();
    // Only the card order is paid: the orders to be paid on delivery and at the shop are not cashed yet.
    await expect(page.getByTestId('dashboard-revenue')).toHaveText(TOTAL);
    await expect(page.getByRole('link', { name: /encaissé aujourd’hui/ })).toBeVisible();
    await expect(page.getByTestId('dashboard-revenue-orders')).toContainText('1\u00a0commande payée aujourd’hui');
    await expect(page.getByTestId('dashboard-orders-en-attente')).toHaveText('2');
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

    // Filtered by status, in the address; every status of every path offered.
    const status = page.getByLabel('Statut');
    await expect(status.getByRole('option')).toHaveText([
      'Toutes',
      'En attente de paiement',
      'En attente',
      'Payée',
      'Prête à retirer',
      'Expédiée',
      'Livrée',
      'Retirée',
      'Annulée',
    ]);
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

    // Paid on delivery: shipped unpaid (never « payée » first), then delivered and paid to the carrier.
    await page.goto(`/admin/commandes/${cash!.number}`);
    await expect(page.getByTestId('order-status')).toHaveText('En attente');
    await expect(statusActions(page)).toHaveText(['Marquer comme expédiée', 'Annuler la commande']);
    await page.getByRole('button', { name: 'Marquer comme expédiée' }).click();
    await expect(page.getByTestId('order-status')).toHaveText('Expédiée');
    await expect(statusActions(page)).toHaveText(['Marquer comme livrée et payée']);
    await page.getByRole('button', { name: 'Marquer comme livrée et payée' }).click();
    await expect(toast(page)).toContainText(`La commande ${cash!.number} est maintenant « livrée et payée ».`);
    await expect(page.getByTestId('order-status')).toHaveText('Livrée et payée');
    await expect(page.getByText('Une commande « livrée et payée » ne change plus de statut.')).toBeVisible();
    await checkpoint('administration, une commande livrée et payée', { axe: false });

    // Paid at the shop: never shipped; ready, then collected and paid.
    await page.goto(`/admin/commandes/${pickup!.number}`);
    await expect(statusActions(page)).toHaveText(['Marquer comme prête à retirer', 'Annuler la commande']);
    await page.getByRole('button', { name: 'Marquer comme prête à retirer' }).click();
    await expect(page.getByTestId('order-status')).toHaveText('Prête à retirer');
    await expect(statusActions(page)).toHaveText(['Marquer comme retirée et payée', 'Annuler la commande']);
    await checkpoint('administration, une commande prête à retirer');
    await page.getByRole('button', { name: 'Marquer comme retirée et payée' }).click();
    await expect(page.getByTestId('order-status')).toHaveText('Retirée et payée');
    await expect(statusActions(page)).toHaveCount(0);

    // The list names each status as its path does.
    await page.goto('/admin/commandes');
    await expect(row(page, cash!.number).getByRole('cell').last()).toHaveText('Livrée et payée');
    await expect(row(page, pickup!.number).getByRole('cell').last()).toHaveText('Retirée et payée');

    // The dashboard: counts by status, each a link to its list, and what was cashed today: the
    // card order, and the two others now handed over.
    await page.goto('/admin');
    const counts = { expediee: '1', livree: '1', retiree: '1' } as Record<string, string>;
    for (const s of ORDER_STATUSES) await expect(page.getByTestId(`dashboard-orders-${s}`)).toHaveText(counts[s] ?? '0');
    await expect(page.getByTestId('dashboard-revenue')).toHaveText(euros(4990 + CASH_CENTS + OTHER_CENTS));
    await expect(page.getByTestId('dashboard-revenue-orders')).toContainText('3\u00a0commandes payées aujourd’hui');
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
