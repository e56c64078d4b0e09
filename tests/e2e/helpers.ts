import { expect, type BrowserContext, type CDPSession, type Locator, type Page } from '@playwright/test';

export const DEMO_ADMIN = { email: 'admin@boutique.example', password: 'Vitrine-Demo-2026!' };

/**
 * The timeout of a whole journey through the UI, one per flow (docs/testing.md), and of a test
 * that installs the service worker (it precaches the build) before going offline; set first in
 * the test with test.setTimeout. Measured: 6–12 s on 2 quiet cores, 16–28 s on one core that a
 * looping `vite build` shares; 120 s keeps each under half its timeout on a machine four times
 * slower than the quiet one.
 */
export const JOURNEY_TIMEOUT_MS = 120_000;

/** Opens an /admin address, which leads to the sign-in, and signs in there (the local build's demo account unless told). */
export async function signInAt(page: Page, path: string, user: { email: string; password: string } = DEMO_ADMIN) {
  await page.goto(path);
  const form = page.getByRole('region', { name: 'Connexion administrateur' });
  await form.getByLabel('Adresse email').fill(user.email);
  await form.getByLabel('Mot de passe').fill(user.password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
}

/** What the shop stored under a key, parsed (null when absent). */
export async function stored<T = unknown>(page: Page, key: string): Promise<T | null> {
  const raw = await page.evaluate((k) => window.localStorage.getItem(k), key);
  return raw === null ? null : (JSON.parse(raw) as T);
}

export function productCard(page: Page, name: string) {
  return page.getByRole('article', { name, exact: true });
}

/** Adds a product from its own page, where every product can be found by its slug. */
/**
 * Once the shop's code has taken a prerendered page over (the header's cart count shows a number):
 * a tap before is held and done then, but a test that leaves the page at once would lose it.
 */
export async function untilTakenOver(page: Page) {
  await expect(page.getByTestId('cart-count')).toHaveText(/^\d+$/);
}

export async function addToCartFromProductPage(page: Page, slug: string) {
  await page.goto(`/produit/${slug}`);
  await untilTakenOver(page);
  await page.getByRole('button', { name: 'Ajouter au panier', exact: true }).click();
}

export async function addToCart(page: Page, name: string) {
  await untilTakenOver(page);
  await productCard(page, name)
    .getByRole('button', { name: `Ajouter au panier « ${name} »` })
    .click();
}

export async function expectCartCount(page: Page, count: number) {
  await expect(page.getByTestId('cart-count')).toHaveText(String(count));
}

/** Resolves once the service worker is active and controls the page (clientsClaim: no reload needed). */
export async function waitForServiceWorker(page: Page) {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}

export function toast(page: Page) {
  return page.getByTestId('toast');
}

export function newsletterForm(page: Page) {
  return page.getByRole('form', { name: 'Notre newsletter' });
}

/**
 * context.setOffline(true) cuts the network for the page and its worker for good, but Chromium
 * forgets the emulated navigator.onLine each time a new document commits (checked with
 * Chromium 150: fetches still fail, navigator.onLine reads true again). A shopper's browser
 * has no such gap, so after each offline navigation the test tells the page again.
 */
async function resyncOffline(cdp: CDPSession) {
  await cdp.send('Network.emulateNetworkConditions', { offline: true, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
}

/** Cuts the network; returns how to open a page (or reload, with null) while it stays cut. */
export async function goOffline(page: Page, context: BrowserContext) {
  await context.setOffline(true);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  return {
    open: async (path: string | null) => {
      await (path === null ? page.reload() : page.goto(path));
      await resyncOffline(cdp);
    },
    backOnline: async () => {
      await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
      await context.setOffline(false);
    },
  };
}

/**
 * Issue 42, item 10: a back-office row shows the cells named (by their column, `data-label`) whole
 * on the screen, at any width: on a phone the row is a card, no sideways scroll hides them.
 */
export async function expectCellsOnScreen(page: Page, row: Locator, labels: readonly string[]) {
  const width = page.viewportSize()!.width;
  for (const label of labels) {
    const cell = row.locator(`td[data-label="${label}"]`);
    await expect(cell, `« ${label} »`).toBeVisible();
    const box = (await cell.boundingBox())!;
    expect(box.x, `« ${label} » starts on the screen`).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, `« ${label} » ends on the screen (${width} px)`).toBeLessThanOrEqual(width);
  }
  const table = row.locator('xpath=ancestor::*[@role="region"][1]');
  expect(await table.evaluate((frame) => frame.scrollWidth - frame.clientWidth), 'the table scrolls not sideways').toBeLessThanOrEqual(0);
}
