import { type Page } from '@playwright/test';
import { expect, test } from '../e2e/fixtures';
import { withdrawalDeadline } from '@/domain/order/withdrawal';
import { shopCalendarDay, shopWeekdayAndTime } from '@/domain/shop-time';
import { STORAGE_KEYS } from '@/domain/storage-keys';
import { signInAt } from '../e2e/helpers';
import type { OutgoingMail } from '../support/supabase/send-newsletter-stand-in';
import { ADMIN_USER } from '../support/supabase/test-project';
import { withdrawFromOrderStandIn } from '../support/supabase/withdraw-from-order-stand-in';
import { deliveredDaysAgo, placeVisitorOrder } from '../support/supabase/withdrawal-fixtures';
import { supabaseProject } from './supabase-route';

// Issue 25 on the Supabase build: the buyer's device holds the order's number and secret (as
// after « Commander »); the order was delivered (admin_set_order_status, as the back office does);
// « Renoncer au contrat ici », one bowl of two, « Confirmer la rétractation »: the edge function's
// stand-in runs withdraw_from_order as the page's request and mails the acknowledgement (the same
// wording as the function's); the owner signs in and finds it counted, filtered, and records the
// return and the refund (admin_set_withdrawal_status). An order delivered 15 days ago (its
// delivery date set in the database) shows no control and says why.

const outbox: OutgoingMail[] = [];
const project = supabaseProject([ADMIN_USER], (p) => ({ 'withdraw-from-order': withdrawFromOrderStandIn(() => p.cluster, outbox) }));
const BUYER = 'camille@exemple.fr';
const ADMIN_CLAIMS = { role: 'authenticated', sub: ADMIN_USER.id, app_metadata: { role: 'admin' } };

test.beforeEach(() => {
  outbox.length = 0;
});

/** A visitor ordered a teapot and two bowls, paid on delivery: the order's number and secret, kept on the page's device. */
async function orderedOnThisDevice(page: Page): Promise<{ number: string }> {
  const placed = await placeVisitorOrder(project.cluster, BUYER);
  await page.addInitScript(([key, value]) => localStorage.setItem(key, value), [STORAGE_KEYS.placedOrders, JSON.stringify([placed])] as const);
  return { number: placed.number };
}

/** The back office's status changes, as its buttons call them. */
async function deliver(number: string) {
  for (const status of ['expediee', 'livree']) {
    await project.cluster.query('select public.admin_set_order_status($1, $2)', [number, status], { role: 'authenticated', claims: ADMIN_CLAIMS });
  }
}

for (const viewport of [
  { width: 375, height: 812 },
  { width: 1280, height: 900 },
]) {
  test(`at ${viewport.width} px, the buyer withdraws from one bowl of a delivered order, gets the acknowledgement; the owner records the return and the refund`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    const { number } = await orderedOnThisDevice(page);
    await deliver(number);
    const [{ delivered_at: deliveredAt }] = (await project.cluster.query<{ delivered_at: Date }>('select delivered_at from public.orders where number = $1', [
      number,
    ])) as [{ delivered_at: Date }];

    await page.goto('/mes-commandes');
    await page.getByRole('link', { name: number }).click();
    const section = page.getByRole('region', { name: 'Rétractation' });
    await expect(section).toContainText(`jusqu’au ${shopCalendarDay(withdrawalDeadline(deliveredAt.toISOString())!.lastDay)} inclus`);
    await section.getByRole('link', { name: 'Renoncer au contrat ici' }).click();
    await page.getByRole('checkbox', { name: /Bol en grès bleu nuit × 2/ }).check();
    await page.getByLabel('Quantité dont vous vous rétractez').selectOption('1');
    await page.getByRole('button', { name: 'Confirmer la rétractation' }).click();

    await expect(page.getByRole('heading', { level: 1, name: 'Votre rétractation est enregistrée' })).toBeVisible();
    await expect(page.getByTestId('withdrawal-received').getByRole('listitem')).toHaveText(['1 × Bol en grès bleu nuit']);
    await expect(page.getByTestId('withdrawal-acknowledgement')).toHaveText(`Un accusé de réception vous a été envoyé à ${BUYER}.`);
    const [row] = await project.cluster.query<{ received_at: Date; lines: unknown }>(
      'select w.received_at, w.lines from public.order_withdrawals w join public.orders o on o.id = w.order_id where o.number = $1',
      [number],
    );
    expect(row!.lines).toEqual([{ line: 1, quantity: 1 }]); // the bowls: the second line
    const when = shopWeekdayAndTime(row!.received_at.toISOString());
    await expect(page.getByTestId('withdrawal-received').locator('strong')).toHaveText(when);
    expect(outbox).toHaveLength(1);
    expect(outbox[0]).toMatchObject({ to: BUYER, subject: `Accusé de réception de votre rétractation (commande ${number})` });
    expect(outbox[0]!.body).toContain(`envoyée le ${when} (heure de Paris), pour\u00a0:\n- 1 × Bol en grès bleu nuit (12,50\u00a0€)\n`);

    // The owner.
    await signInAt(page, '/admin', ADMIN_USER);
    await expect(page.getByTestId('dashboard-withdrawals')).toHaveText('1');
    await page.goto('/admin/commandes?retractation=1');
    await expect(page.getByTestId('admin-order-row')).toHaveCount(1);
    await page.getByRole('link', { name: number }).click();
    const handling = page.getByRole('region', { name: 'Rétractation' });
    await expect(handling.getByTestId('withdrawal-lines').getByRole('listitem')).toHaveText(['1 × Bol en grès bleu nuit']);
    await handling.getByRole('button', { name: 'Enregistrer le retour des articles' }).click();
    await expect(handling.getByTestId('withdrawal-status')).toHaveText('Articles retournés');
    await handling.getByRole('button', { name: 'Enregistrer le remboursement' }).click();
    await expect(handling.getByTestId('withdrawal-status')).toHaveText('Remboursée');
    const [saved] = await project.cluster.query<{ status: string }>(
      'select w.status from public.order_withdrawals w join public.orders o on o.id = w.order_id where o.number = $1',
      [number],
    );
    expect(saved!.status).toBe('remboursee');
  });
}

test('an order delivered 15 days ago: no control, and the page says the period is over', async ({ page }) => {
  const { number } = await orderedOnThisDevice(page);
  const deliveredAt = await deliveredDaysAgo(project.cluster, number, 15);
  const expired = `Le délai de rétractation de 14 jours a expiré le ${shopCalendarDay(withdrawalDeadline(deliveredAt.toISOString())!.lastDay)}.`;
  await page.goto(`/commande/confirmation/${number}`);
  await expect(page.getByRole('region', { name: 'Rétractation' }).getByTestId('withdrawal-closed')).toHaveText(expired);
  await expect(page.getByRole('link', { name: 'Renoncer au contrat ici' })).toHaveCount(0);
  await page.goto(`/commande/retractation/${number}`);
  await expect(page.getByTestId('withdrawal-closed')).toHaveText(expired);
  await expect(page.getByRole('button', { name: 'Confirmer la rétractation' })).toHaveCount(0);
});
