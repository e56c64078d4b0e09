import type { BrowserContext, Page } from '@playwright/test';
import { expect, test } from './checkpoints';
import { arrange } from './arrange';
import { DEMO_PRODUCTS } from './demo-data';
import { openDesktop, type Desktop } from './desktop-notifications';
import { E2E_BASE_URL } from '../../playwright.config';
import { JOURNEY_TIMEOUT_MS, toast, untilTakenOver, waitForServiceWorker } from './helpers';

// Issue 26 on the local build: a shopper asks to be told of an order's progress or of a sold-out
// favorite's return; in another window of the same browser the owner moves the order to
// « expédiée » or restocks the product; the service worker shows the notification, once, on the
// desktop (tests/e2e/desktop-notifications.ts), where a click opens the order's or the product's
// page. Refused: the French explanation, nothing stored. A push delivered through the DevTools
// protocol is shown too.

/** 5 in stock: an order of 1, paid by card (« payée »), may be shipped. */
const ORDERED = DEMO_PRODUCTS.find((p) => p.slug === 'bougeoir-en-laiton-martele')!;
/** Sold out in the demo catalogue. */
const SOLD_OUT = DEMO_PRODUCTS.find((p) => p.slug === 'horloge-murale-en-chene')!;

/**
 * What the service worker shows now (registration.getNotifications()): title, body and tag of
 * each. Read once the desktop shows it, never while it is being shown: Chromium's
 * getNotifications() keeps a notification only if the platform already reports it displayed (or
 * it came after the call began), and deletes the others from its database for good, so a read
 * between the worker's showNotification() and the desktop's display loses it.
 */
function shownByServiceWorker(page: Page) {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    return (await registration.getNotifications()).map(({ title, body, tag }) => ({ title, body, tag }));
  });
}

/** The shopper makes the sold-out product a favorite and asks, on « Favoris », to be told of its return. */
async function followSoldOutFavorite(page: Page) {
  await arrange(page, { owner: true });
  await page.goto(`/produit/${SOLD_OUT.slug}`);
  // A prerendered page: the heart works once the shop's code has taken it over.
  await untilTakenOver(page);
  await page.getByRole('button', { name: `Ajouter «\u202f${SOLD_OUT.name}\u202f» aux favoris` }).click();
  await expect(page.getByRole('button', { name: `Retirer «\u202f${SOLD_OUT.name}\u202f» des favoris` })).toBeVisible();
  await page.goto('/favoris');
  await waitForServiceWorker(page);
  await page.getByRole('button', { name: `Me prévenir du retour en stock de «\u202f${SOLD_OUT.name}\u202f»` }).click();
  await expect(page.getByText('C’est noté\u00a0: vous serez prévenu de son retour en stock.')).toBeVisible();
}

/** Runs `journey` in a browser of its own whose notifications a desktop of its own shows (`page`: its first page), then closes both. */
async function onTheDesktop(viewport: { width: number; height: number }, refused: string[], journey: (desktop: Desktop, page: Page) => Promise<void>) {
  const desktop = await openDesktop({ baseURL: E2E_BASE_URL, viewport, refused });
  try {
    await journey(desktop, desktop.context.pages()[0] ?? (await desktop.context.newPage()));
  } finally {
    await desktop.close();
  }
}

/** The order's « expédiée » on the desktop, once, then among what the service worker shows (read only once displayed). */
async function expectShippedShown(desktop: Desktop, page: Page, number: string) {
  await expect.poll(() => desktop.seen()).toEqual([`Commande expédiée | Votre commande ${number} a été expédiée.`]);
  expect(await shownByServiceWorker(page)).toEqual([
    { title: 'Commande expédiée', body: `Votre commande ${number} a été expédiée.`, tag: `commande-${number}` },
  ]);
}

/** The owner's page, beside the shopper's, in the same browser. */
async function ownerPage(context: BrowserContext, path: string): Promise<Page> {
  const owner = await context.newPage();
  await owner.goto(path);
  return owner;
}

// The shopper's journey with its checkpoints at both widths; each other scenario at one width (what
// the desktop shows and a click opens does not depend on the page's width, and each of these
// tests starts a message bus, a notification server and a browser of its own).
for (const viewport of [
  { width: 375, height: 812 },
  { width: 1280, height: 900 },
]) {
  test.describe(`at ${viewport.width} px, on the desktop`, () => {
    test('the shopper asks to be told of the order; the owner ships it in another window; the desktop shows it once, naming the order, and a click opens its page', async ({
      refusedByHeaders,
      checkpoint,
    }) => {
      test.setTimeout(JOURNEY_TIMEOUT_MS);
      await onTheDesktop(viewport, refusedByHeaders, async (desktop, page) => {
        const [order] = await arrange(page, { owner: true, orders: [{ lines: [{ product: ORDERED, quantity: 1 }] }] });
        const number = order!.number;
        await page.goto(`/commande/confirmation/${number}`);
        await waitForServiceWorker(page);
        await page.getByRole('button', { name: 'Me prévenir de l’avancement de ma commande' }).click();
        await expect(page.getByRole('status').filter({ hasText: 'C’est noté' })).toHaveText(
          'C’est noté\u00a0: vous serez prévenu de l’avancement de votre commande.',
        );
        await checkpoint('commande suivie', { page });
        // The shopper goes on browsing; the owner ships the order in another window.
        await page.goto('/boutique');
        const owner = await ownerPage(desktop.context, `/admin/commandes/${number}`);
        await owner.getByRole('button', { name: 'Marquer comme expédiée' }).click();

        await expectShippedShown(desktop, page, number);
        desktop.click(desktop.shown()[0]!);
        // A window of the shop already open shows the order's page.
        const orderPath = `/commande/confirmation/${number}`;
        await expect.poll(() => desktop.context.pages().map((p) => new URL(p.url()).pathname)).toContain(orderPath);
        const opened = desktop.context.pages().find((p) => new URL(p.url()).pathname === orderPath)!;
        await expect(opened.getByRole('heading', { level: 1 })).toContainText(number);

        // « Notifications » lists it, with its button to stop.
        await opened.getByRole('contentinfo').getByRole('link', { name: 'Notifications' }).click();
        await expect(opened.getByTestId('follow-line')).toHaveText([new RegExp(`L’avancement de la commande ${number}`)]);
        await checkpoint('notifications', { page: opened });
        await opened.getByRole('button', { name: `Ne plus suivre la commande ${number}` }).click();
        await expect(opened.getByText(/Vous ne suivez rien pour le moment/)).toBeVisible();
        expect(desktop.seen()).toHaveLength(1);
      });
    });

    if (viewport.width === 1280)
      test('pages opened before the first follow, the following page closed: the owner ships the order; the desktop still shows it, once', async ({
        refusedByHeaders,
      }) => {
        test.setTimeout(JOURNEY_TIMEOUT_MS);
        await onTheDesktop(viewport, refusedByHeaders, async (desktop, page) => {
          const [order] = await arrange(page, { owner: true, orders: [{ lines: [{ product: ORDERED, quantity: 1 }] }] });
          const number = order!.number;
          // A page of the shop and the owner's order page, open while the device follows nothing yet.
          await page.goto('/');
          await waitForServiceWorker(page);
          const owner = await ownerPage(desktop.context, `/admin/commandes/${number}`);
          const follower = await desktop.context.newPage();
          await follower.goto(`/commande/confirmation/${number}`);
          await follower.getByRole('button', { name: 'Me prévenir de l’avancement de ma commande' }).click();
          await expect(follower.getByText('C’est noté\u00a0: vous serez prévenu de l’avancement de votre commande.')).toBeVisible();
          await follower.close();

          await owner.getByRole('button', { name: 'Marquer comme expédiée' }).click();
          await expectShippedShown(desktop, page, number);
        });
      });

    if (viewport.width === 375)
      test('the shopper asks to be told of a sold-out favorite; the owner restocks it in another window; the desktop shows it once, naming it, and a click opens its page', async ({
        refusedByHeaders,
      }) => {
        test.setTimeout(JOURNEY_TIMEOUT_MS);
        await onTheDesktop(viewport, refusedByHeaders, async (desktop, page) => {
          await followSoldOutFavorite(page);
          await page.goto('/');
          const owner = await ownerPage(desktop.context, `/admin/produits/${SOLD_OUT.id}`);
          await owner.getByLabel('Stock (unités)').fill('4');
          await owner.getByRole('button', { name: 'Enregistrer les modifications' }).click();
          await expect(toast(owner)).toContainText('Produit enregistré');

          const body = `«\u202f${SOLD_OUT.name}\u202f» est de nouveau en stock.`;
          await expect.poll(() => desktop.seen()).toEqual([`De retour en stock | ${body}`]);
          expect(await shownByServiceWorker(page)).toEqual([{ title: 'De retour en stock', body, tag: `produit-${SOLD_OUT.id}` }]);
          desktop.click(desktop.shown()[0]!);
          const productPath = `/produit/${SOLD_OUT.slug}`;
          await expect.poll(() => desktop.context.pages().map((p) => new URL(p.url()).pathname)).toContain(productPath);
          const opened = desktop.context.pages().find((p) => new URL(p.url()).pathname === productPath)!;
          await expect(opened.getByRole('heading', { level: 1 })).toHaveText(SOLD_OUT.name);
          expect(desktop.seen()).toHaveLength(1);
        });
      });

    if (viewport.width === 1280)
      test('a push delivered to the service worker (DevTools protocol) shows its notification on the desktop', async ({ refusedByHeaders }) => {
        await onTheDesktop(viewport, refusedByHeaders, async (desktop, page) => {
          await page.goto('/');
          await waitForServiceWorker(page);
          const cdp = await desktop.context.newCDPSession(page);
          const scopeURL = new URL('/', page.url()).href;
          const registered = new Promise<string>((resolve) => {
            cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
              const ours = registrations.find((r) => r.scopeURL === scopeURL && !r.isDeleted);
              if (ours) resolve(ours.registrationId);
            });
          });
          // The worker running and activated before the push: DevTools hands a push to a running worker.
          const running = new Promise<void>((resolve) => {
            cdp.on('ServiceWorker.workerVersionUpdated', ({ versions }) => {
              if (versions.some((v) => v.scriptURL.endsWith('/sw.js') && v.runningStatus === 'running' && v.status === 'activated')) resolve();
            });
          });
          await cdp.send('ServiceWorker.enable');
          const registrationId = await registered;
          await cdp.send('ServiceWorker.startWorker', { scopeURL });
          await running;
          const payload = {
            title: 'Commande expédiée',
            body: 'Votre commande CMD-2026-000123 a été expédiée.',
            url: new URL('/commande/confirmation/CMD-2026-000123', page.url()).href,
            tag: 'commande-CMD-2026-000123',
          };
          await cdp.send('ServiceWorker.deliverPushMessage', { origin: new URL(page.url()).origin, registrationId, data: JSON.stringify(payload) });
          await expect.poll(() => desktop.seen()).toEqual([`${payload.title} | ${payload.body}`]);
          expect(await shownByServiceWorker(page)).toEqual([{ title: payload.title, body: payload.body, tag: payload.tag }]);
        });
      });
  });

  test.describe(`at ${viewport.width} px, notifications refused`, () => {
    test.use({ serviceWorkers: 'allow', viewport });

    test('the French explanation, and nothing is stored', async ({ page, context }) => {
      await context.clearPermissions();
      const [order] = await arrange(page, { orders: [{ lines: [{ product: ORDERED, quantity: 1 }] }] });
      await page.goto(`/commande/confirmation/${order!.number}`);
      await page.getByRole('button', { name: 'Me prévenir de l’avancement de ma commande' }).click();
      await expect(page.getByRole('alert').filter({ hasText: 'notifications' })).toHaveText(
        'Les notifications sont bloquées pour cette boutique dans votre navigateur. Autorisez-les dans les réglages du site, puis réessayez.',
      );
      expect(await page.evaluate(() => localStorage.getItem('notification_follows'))).toBeNull();
    });
  });
}
