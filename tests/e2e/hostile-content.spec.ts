import type { Page } from '@playwright/test';
import { expect, test } from './checkpoints';
import { arrange, FILLED_CHECKOUT_DRAFT } from './arrange';
import { inStock } from './demo-data';
import { JOURNEY_TIMEOUT_MS, toast, untilTakenOver } from './helpers';
import { HOSTILE_DESCRIPTION, HOSTILE_NAME, INJECTED_SELECTOR } from '../support/hostile-text';

// Issue 27: the owner gives a product a name and a description carrying markup and script, in
// the back office; the shopper's pages show both as typed, no dialog opens, nothing is injected.

const [PRODUCT] = inStock(1);

/** The elements the hostile texts would have made, and any script calling alert(). */
function injected(page: Page) {
  return page.evaluate(
    (selector) =>
      [...document.querySelectorAll(selector)]
        .concat([...document.querySelectorAll('script')].filter((s) => !/json/.test(s.type) && s.textContent.includes('alert(')))
        .map((element) => element.outerHTML),
    INJECTED_SELECTOR,
  );
}

for (const viewport of [
  { width: 375, height: 812 },
  { width: 1280, height: 900 },
]) {
  test(`at ${viewport.width} px, a product named and described with markup and script in the back office shows as text on every page`, async ({
    page,
    checkpoint,
  }) => {
    test.setTimeout(JOURNEY_TIMEOUT_MS);
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await arrange(page, { owner: true });
    await page.setViewportSize(viewport);

    await page.goto(`/admin/produits/${PRODUCT!.id}`);
    await expect(page.locator('#product-name')).toHaveValue(PRODUCT!.name);
    await page.locator('#product-name').fill(HOSTILE_NAME);
    await page.locator('#product-description').fill(HOSTILE_DESCRIPTION);
    await page.getByRole('button', { name: 'Enregistrer les modifications' }).click();
    await expect(toast(page)).toContainText('Produit enregistré');
    // The back office's list.
    await page.goto('/admin/produits?q=onerror');
    await expect(page.getByTestId('admin-product-row').getByRole('link', { name: HOSTILE_NAME, exact: true })).toBeVisible();
    expect(await injected(page)).toEqual([]);

    // Its page: the name and the description as typed.
    await page.goto(`/produit/${PRODUCT!.slug}`);
    await untilTakenOver(page);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(HOSTILE_NAME);
    await expect(page.getByText('</script><script>alert(3)</script>', { exact: false })).toBeVisible();
    await expect(page).toHaveTitle(new RegExp(`^${HOSTILE_NAME.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
    expect(await injected(page)).toEqual([]);
    await checkpoint('produit au nom piégé');
    await page.getByRole('button', { name: 'Ajouter au panier', exact: true }).click();
    await page.getByRole('button', { name: `Ajouter «\u202f${HOSTILE_NAME}\u202f» aux favoris` }).click();

    // The list's card, the cart, the favorites.
    await page.goto(`/categorie/${PRODUCT!.category}`);
    await expect(page.getByRole('article', { name: HOSTILE_NAME, exact: true })).toBeVisible();
    expect(await injected(page)).toEqual([]);
    await page.goto('/panier');
    await expect(page.getByRole('link', { name: HOSTILE_NAME, exact: true })).toBeVisible();
    expect(await injected(page)).toEqual([]);
    await page.goto('/favoris');
    await expect(page.getByRole('link', { name: HOSTILE_NAME, exact: true })).toBeVisible();
    expect(await injected(page)).toEqual([]);

    // The checkout's review, the order's confirmation, « Mes commandes » (numbers only) and the back office's order.
    await page.evaluate((draft) => localStorage.setItem('checkout_draft', JSON.stringify(draft)), FILLED_CHECKOUT_DRAFT);
    await page.goto('/commande/recapitulatif');
    await expect(page.getByRole('list', { name: 'Articles' }).getByRole('listitem')).toContainText(HOSTILE_NAME);
    expect(await injected(page)).toEqual([]);
    await page.getByRole('button', { name: 'Commander avec obligation de paiement' }).click();
    const heading = page.getByRole('heading', { level: 1, name: /^Commande CMD-/ });
    await expect(heading).toBeVisible();
    const number = /CMD-[\d-]+/.exec((await heading.textContent()) ?? '')![0];
    await expect(page.getByRole('list', { name: 'Articles commandés' }).getByRole('listitem')).toContainText(HOSTILE_NAME);
    expect(await injected(page)).toEqual([]);
    await page.goto('/mes-commandes');
    await expect(page.getByRole('link', { name: `Commande ${number}` })).toBeVisible();
    expect(await injected(page)).toEqual([]);
    await page.goto(`/admin/commandes/${number}`);
    await expect(page.getByText(HOSTILE_NAME, { exact: false }).first()).toBeVisible();
    expect(await injected(page)).toEqual([]);

    expect(dialogs).toEqual([]);
  });
}
