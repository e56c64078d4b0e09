import type { Page } from '@playwright/test';
import { COMPANY, returnAddress } from '@/domain/company';
import { withdrawalDeadline } from '@/domain/order/withdrawal';
import { shopCalendarDay, shopWeekdayAndTime } from '@/domain/shop-time';
import { arrange } from './arrange';
import { SHOPPER } from './checkout-journey';
import { expect, test } from './checkpoints';
import { DEMO_PRODUCTS } from './demo-data';
import { JOURNEY_TIMEOUT_MS, toast } from './helpers';

// Issue 25, the right of withdrawal online (Code de la consommation L. 221-21, D. 221-5 as amended
// by décret n° 2026-3), and issue 42 (points 2 and 3): a teapot and honey × 2 ordered, paid on
// delivery, still « en attente »; from « Mes commandes » the buyer uses « Renoncer au contrat ici »,
// withdraws the teapot with « Confirmer la rétractation »: nothing to send back, the amount due
// drops to the honey, the owner has no return to record. The owner ships and delivers the rest; the
// buyer withdraws one honey of the two, later, is told where to send it back (page and mail, Paris
// time); the owner finds it counted on the dashboard, filtered in the orders, and records that
// withdrawal's return then its refund. An order delivered 15 days ago shows no control and says
// why. The order is arranged where the shop keeps it (tests/e2e/arrange.ts).

const TEAPOT = DEMO_PRODUCTS.find((p) => p.slug === 'theiere-en-fonte-kyoto')!;
const HONEY = DEMO_PRODUCTS.find((p) => p.slug === 'miel-de-lavande')!;
const BOWL = DEMO_PRODUCTS.find((p) => p.slug === 'bol-en-gres-bleu-nuit')!;
const euros = (amount: number) => `${amount.toFixed(2).replace('.', ',')}\u00a0€`;

/** The mails the local mailer writes to the console (src/adapters/console-mailer), as they come. */
function mailLog(page: Page): string[] {
  const mails: string[] = [];
  page.on('console', (message) => {
    if (message.text().startsWith('Simulated email')) mails.push(message.text());
  });
  return mails;
}

for (const viewport of [
  { width: 375, height: 812 },
  { width: 1280, height: 900 },
]) {
  test(`at ${viewport.width} px, the teapot withdrawn before shipping (cash on delivery): the amount due drops, nothing to send back; then one honey after delivery: returned and refunded`, async ({
    page,
    checkpoint,
  }) => {
    test.setTimeout(JOURNEY_TIMEOUT_MS);
    await page.setViewportSize(viewport);
    const mails = mailLog(page);
    const [order] = await arrange(page, {
      owner: true,
      orders: [
        {
          payment: 'a-la-livraison',
          lines: [
            { product: TEAPOT, quantity: 1 },
            { product: HONEY, quantity: 2 },
          ],
        },
      ],
    });
    const number = order!.number;
    const honeyOnly = euros(HONEY.price * 2);

    // ── Before shipping: the buyer withdraws the teapot ──
    await page.goto('/mes-commandes');
    await page.getByRole('link', { name: number }).click();
    await expect(page.getByTestId('total-ttc')).toHaveText(euros(TEAPOT.price + HONEY.price * 2));
    const section = page.getByRole('region', { name: 'Rétractation' });
    await section.getByRole('link', { name: 'Renoncer au contrat ici' }).click();
    await expect(page.getByRole('heading', { level: 1, name: `Rétractation · commande ${number}` })).toBeVisible();
    // Sent with nothing ticked (issue 42, 9): why, in the checkout's error summary, and the focus there.
    await page.getByRole('button', { name: 'Confirmer la rétractation' }).click();
    const summary = page.getByRole('alert').filter({ hasText: 'Choisissez au moins un article dont vous vous rétractez.' });
    await expect(summary).toBeFocused();
    await expect(summary).toHaveClass('error-summary');
    await checkpoint('rétractation, rien de coché');
    await page.getByRole('checkbox', { name: /Théière en fonte Kyoto × 1/ }).check();
    await page.getByRole('button', { name: 'Confirmer la rétractation' }).click();

    // Acknowledged: nothing to send back, nothing to pay for it.
    await expect(page.getByRole('heading', { level: 1, name: 'Votre rétractation est enregistrée' })).toBeFocused();
    await expect(page.getByTestId('withdrawal-received').getByRole('listitem')).toHaveText(['1 × Théière en fonte Kyoto']);
    const nothingBack = page.getByTestId('withdrawal-return');
    await expect(nothingBack).toContainText('vous n’avez rien à nous renvoyer');
    await expect(nothingBack).toContainText('Vous n’avez pas à les payer.');
    await expect(nothingBack).not.toContainText('Renvoyez');
    await checkpoint('rétractation avant l’envoi enregistrée');
    await expect.poll(() => mails.filter((mail) => mail.includes(`Accusé de réception de votre rétractation (commande ${number})`)).length).toBe(1);
    expect(mails[0]).toContain('- 1 × Théière en fonte Kyoto (54,90\u00a0€)\n');
    expect(mails[0]).not.toContain('Renvoyez');

    // The order: what remains due, the teapot cancelled, the honey still withdrawable.
    await page.getByRole('link', { name: 'Retour à la commande' }).click();
    await expect(page.getByTestId('total-ttc')).toHaveText(honeyOnly);
    await expect(page.getByText(`Vous réglerez ${honeyOnly} au livreur, à la livraison`)).toBeVisible();
    await expect(page.getByText('Vous la réglerez à la livraison')).toHaveCount(0);
    await expect(page.getByTestId('line-cancelled')).toHaveText('(dont 1 annulé par votre rétractation)');
    await expect(section.getByRole('link', { name: 'Renoncer au contrat ici' })).toBeVisible();
    await checkpoint('commande en attente, théière rétractée');

    // The owner: no return to record for goods never sent; then ships and delivers the rest.
    await page.goto(`/admin/commandes/${number}`);
    const handling = page.getByRole('region', { name: 'Rétractation' });
    await expect(handling.getByTestId('withdrawal-status')).toHaveText('Close, rien à rembourser');
    await expect(handling.getByTestId('withdrawal-before-shipping')).toContainText('remis en stock');
    await expect(handling.getByRole('button')).toHaveCount(0);
    // What the order still comes to: the honey, the teapot cancelled.
    await expect(page.getByTestId('order-total')).toHaveText(honeyOnly);
    await expect(page.getByTestId('admin-line-cancelled')).toHaveText('(dont 1 annulé par rétractation)');
    await checkpoint('administration, rétractation avant l’envoi');
    await page.getByRole('button', { name: 'Marquer comme expédiée' }).click();
    await expect(page.getByTestId('order-status')).toHaveText('Expédiée');
    await page.getByRole('button', { name: 'Marquer comme livrée' }).click();
    await expect(page.getByTestId('order-status')).toHaveText(/^Livrée/);
    const deliveredToday = withdrawalDeadline(new Date().toISOString())!;

    // ── After delivery: the rest stays withdrawable; one honey of the two ──
    await page.goto(`/commande/confirmation/${number}`);
    await expect(section).toContainText(`Vous pouvez renoncer au reste de cette commande jusqu’au ${shopCalendarDay(deliveredToday.lastDay)} inclus`);
    await checkpoint('commande livrée, renoncer au reste');
    await section.getByRole('link', { name: 'Renoncer au contrat ici' }).click();
    await expect(page.getByRole('heading', { name: 'Rétractation déjà reçue' })).toBeVisible();
    // Only what remains is offered: the honey, not the teapot.
    await expect(page.getByRole('checkbox')).toHaveCount(1);
    await page.getByRole('checkbox', { name: /Miel de lavande × 2/ }).check();
    await page.getByLabel('Quantité dont vous vous rétractez').selectOption('1');
    await checkpoint('rétractation, un miel sur deux');
    await page.getByRole('button', { name: 'Confirmer la rétractation' }).click();

    // The acknowledgement on the page, then by mail, with the same date and time in Paris.
    await expect(page.getByRole('heading', { level: 1, name: 'Votre rétractation est enregistrée' })).toBeFocused();
    const received = page.getByTestId('withdrawal-received');
    await expect(received.getByRole('listitem')).toHaveText(['1 × Miel de lavande']);
    await expect(page.getByTestId('withdrawal-acknowledgement')).toHaveText(`Un accusé de réception vous a été envoyé à ${SHOPPER.email}.`);
    // Delivered: where to send the honey back, the company's return address (src/domain/company.ts).
    await expect(page.getByTestId('withdrawal-return')).toContainText(`à l’adresse : ${returnAddress()}.`);
    const when = (await received.locator('strong').textContent())!;
    const now = Date.now();
    expect([shopWeekdayAndTime(new Date(now).toISOString()), shopWeekdayAndTime(new Date(now - 60_000).toISOString())]).toContain(when);
    await checkpoint('rétractation après livraison enregistrée');
    const acknowledgements = () => mails.filter((mail) => mail.includes(`Accusé de réception de votre rétractation (commande ${number})`));
    await expect.poll(() => acknowledgements().length).toBe(2);
    const mail = acknowledgements()[1]!;
    // The owner is told too (order-mails.ts), of each withdrawal.
    expect(
      mails.filter((m) => m.startsWith(`Simulated email (nothing was sent) to ${COMPANY.email}\n`) && m.includes(`Rétractation reçue (commande ${number})`)),
    ).toHaveLength(2);
    expect(mail).toContain(`Simulated email (nothing was sent) to ${SHOPPER.email}\n`);
    expect(mail).toContain(`envoyée le ${when} (heure de Paris), pour\u00a0:\n- 1 × Miel de lavande (11,00\u00a0€)\n`);
    expect(mail).not.toContain('Théière');
    expect(mail).toContain(`à l’adresse\u00a0: ${returnAddress()}.`);

    // The order lists both, and the last honey may still be withdrawn.
    await page.getByRole('link', { name: 'Retour à la commande' }).click();
    const both = section.getByTestId('withdrawal-received');
    await expect(both.locator(':scope > ol > li')).toHaveCount(2);
    await expect(both).toContainText(`Rétractation reçue le ${when}`);
    await expect(section.getByRole('link', { name: 'Renoncer au contrat ici' })).toBeVisible();

    // The owner: counted on the dashboard, filtered in the list, the second withdrawal handled on its own.
    await page.goto('/admin');
    await expect(page.getByTestId('dashboard-withdrawals')).toHaveText('1');
    await page.getByRole('link', { name: /rétractation à traiter/ }).click();
    await expect(page).toHaveURL(/\/admin\/commandes\?retractation=1$/);
    await expect(page.getByLabel('Rétractation')).toHaveValue('1');
    await expect(page.getByTestId('admin-order-row')).toHaveCount(1);
    await expect(page.getByTestId('admin-order-withdrawal')).toHaveText('Close, rien à rembourser · Rétractation reçue');
    await checkpoint('administration, commandes avec rétractation');
    await page.getByRole('link', { name: number }).click();
    const second = page.getByRole('article', { name: 'Rétractation n° 2' });
    await expect(second.getByTestId('withdrawal-lines').getByRole('listitem')).toHaveText(['1 × Miel de lavande']);
    await expect(second).toContainText(`Reçue le ${when.replace(/^\S+ /, '')}`);
    await expect(page.getByRole('article', { name: 'Rétractation n° 1' }).getByRole('button')).toHaveCount(0);
    await checkpoint('administration, deux rétractations');
    await second.getByRole('button', { name: 'Enregistrer le retour des articles' }).click();
    await expect(second.getByTestId('withdrawal-status')).toHaveText('Articles retournés');
    await expect(toast(page)).toContainText('articles retournés');
    await second.getByRole('button', { name: 'Enregistrer le remboursement' }).click();
    await expect(second.getByTestId('withdrawal-status')).toHaveText('Remboursée');
    await expect(second.getByRole('button')).toHaveCount(0);
    await page.goto('/admin');
    await expect(page.getByTestId('dashboard-withdrawals')).toHaveText('0');
  });

  test(`at ${viewport.width} px, an order delivered 15 days ago: no control, and the page says the period is over`, async ({ page, checkpoint }) => {
    await page.setViewportSize(viewport);
    const [order] = await arrange(page, { orders: [{ lines: [{ product: BOWL, quantity: 1 }], deliveredDaysAgo: 15 }] });
    const lastDay = withdrawalDeadline(order!.deliveredAt)!.lastDay;
    const expired = `Le délai de rétractation de 14 jours a expiré le ${shopCalendarDay(lastDay)}.`;
    await page.goto(`/commande/confirmation/${order!.number}`);
    await expect(page.getByRole('region', { name: 'Rétractation' }).getByTestId('withdrawal-closed')).toHaveText(expired);
    await expect(page.getByRole('link', { name: 'Renoncer au contrat ici' })).toHaveCount(0);
    await checkpoint('commande livrée il y a 15 jours');
    // The step's address, typed: the same reason, no confirmation.
    await page.goto(`/commande/retractation/${order!.number}`);
    await expect(page.getByTestId('withdrawal-closed')).toHaveText(expired);
    await expect(page.getByRole('button', { name: 'Confirmer la rétractation' })).toHaveCount(0);
  });
}
