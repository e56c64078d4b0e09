import { type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectNoViolations } from './axe';

// axe-core on the storefront's states that no journey reaches: an empty cart and favorites, the
// shop's filters in a state that lies (the audit itself: ./axe.ts). Every page a journey visits
// is audited there, at both widths (./checkpoints.ts).

/**
 * Wait until the page shows its content: its own title, no pending request, no skeleton.
 * Named, because any title would do for the page being left: a link click changes the address
 * at once, while the router keeps the old page on screen until the new one has rendered.
 */
async function settled(page: Page, title: string) {
  await expect(page.getByRole('heading', { level: 1, name: title, exact: true })).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expect(page.locator('.skeleton, [aria-busy="true"]')).toHaveCount(0);
}

test.describe('accessibility (axe: WCAG 2.1 A/AA and best practices)', () => {
  test('on a phone, the shop page and its open « Filtrer et trier » panel have no violation', async ({ page }, testInfo) => {
    await page.setViewportSize({ width: 375, height: 667 });
    await page.goto('/boutique?prix_min=50&prix_max=20');
    await settled(page, 'Boutique');
    await expectNoViolations(page, testInfo, 'the shop page on a phone');
    await page.getByRole('button', { name: 'Filtrer et trier' }).click();
    await expect(page.getByRole('dialog', { name: 'Filtrer et trier' })).toBeVisible();
    await expectNoViolations(page, testInfo, 'the open filter panel');
  });

  test('the empty cart has no violation', async ({ page }, testInfo) => {
    await page.goto('/panier');
    await settled(page, 'Votre panier');
    await expectNoViolations(page, testInfo, 'the empty cart');
  });

  test('the empty favorites page has no violation', async ({ page }, testInfo) => {
    await page.goto('/favoris');
    await settled(page, 'Vos favoris');
    await expectNoViolations(page, testInfo, 'the empty favorites page');
  });
});

// Issue 24, item 11: on /favoris, each « Déplacer dans le panier » names its product.
test('every « Déplacer dans le panier » of the favorites has a name of its own', async ({ page }) => {
  await page.goto('/boutique?en_stock=1');
  const cards = page.getByRole('article');
  const names: string[] = [];
  for (let i = 0; i < 3; i++) {
    const name = (await cards.nth(i).getByRole('heading').textContent())!.trim();
    await cards
      .nth(i)
      .getByRole('button', { name: `Ajouter «\u202f${name}\u202f» aux favoris` })
      .click();
    names.push(name);
  }
  await page.goto('/favoris');
  const moves = page.getByRole('button', { name: /^Déplacer .* dans le panier$/ });
  await expect(moves).toHaveCount(3);
  for (const name of names) await expect(page.getByRole('button', { name: `Déplacer «\u202f${name}\u202f» dans le panier`, exact: true })).toHaveCount(1);
});
