// The shop's service worker (vite-plugin-pwa `injectManifest`: vite.config.ts): Workbox's
// precaching and routes, as the generated worker had them, and the notifications (push,
// notificationclick). Built on its own, never imported by the page.
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute, PrecacheFallbackPlugin } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { StaleWhileRevalidate } from 'workbox-strategies';
import { CATALOGUE_PICTURES_CACHE } from '@/domain/storage-keys';
import { notificationAsked, notificationToShow, pageToOpen, ToldOnce } from './push-message';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Parameters<typeof precacheAndRoute>[0] };

/** The shell, for every address without a page of its own (scripts/vite/prerender.ts: SHELL_FILE). */
const SHELL_URL = '/shell.html';
const THIRTY_DAYS_S = 30 * 24 * 60 * 60;

const told = new ToldOnce();
self.addEventListener('message', (event) => {
  // The shopper decides when a new version takes over (the update banner): a waiting worker
  // activates only when the page posts { type: 'SKIP_WAITING' } (src/adapters/browser/service-worker-update.ts).
  if ((event.data as { type?: unknown } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
  // A change the local backend's pages heard (src/app/local-notifications.ts): every open page
  // hears it, the worker shows it once.
  const asked = notificationAsked(event.data, self.location.origin);
  if (asked && told.first(asked.once)) event.waitUntil(self.registration.showNotification(asked.title, asked.options));
});
// The first visit is controlled at once (no reload needed before the pictures it shows are
// cached); an update still waits for the shopper's click.
clientsClaim();

// The app shell, every route's lazy chunk, the styles, the demo catalogue and the prerendered
// pages (each served for its own address, /produit/x from produit/x.html): the list is the
// build's (vite.config.ts: injectManifest's globs).
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
// A navigation to a file the shop serves must reach that file, not the app.
registerRoute(new NavigationRoute(createHandlerBoundToURL(SHELL_URL), { denylist: [/^\/(assets|images|icons)\//, /^\/[^/?]+\.[a-z0-9]+(\?.*)?$/i] }));
// The catalogue's pictures, cached as the shopper meets them (those of a first page, shown
// before the worker existed, are handed to it by the page: src/adapters/browser/pictures-seen-before-control.ts).
registerRoute(
  ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/images/catalogue/'),
  new StaleWhileRevalidate({
    cacheName: CATALOGUE_PICTURES_CACHE,
    plugins: [
      new ExpirationPlugin({ maxEntries: 300, maxAgeSeconds: THIRTY_DAYS_S, purgeOnQuotaError: true }),
      new CacheableResponsePlugin({ statuses: [200] }),
      // Offline, a picture never met before shows the default product picture (precached).
      new PrecacheFallbackPlugin({ fallbackURL: '/images/stock/produit-par-defaut.svg' }),
    ],
  }),
  'GET',
);

// A push from the backend (send-push: docs/supabase.md, « Push notifications »): shown as sent.
self.addEventListener('push', (event) => {
  const shown = notificationToShow(event.data, self.location.origin);
  if (shown) event.waitUntil(self.registration.showNotification(shown.title, shown.options));
});

// A click opens the order's or the product's page: in a window of the shop already open (the
// installed app's, when it is one), else a new one.
self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = pageToOpen(event.notification.data, self.location.origin);
  event.waitUntil(
    (async () => {
      // The windows this worker controls (only those can be navigated from here).
      const [open] = await self.clients.matchAll({ type: 'window' });
      if (open) {
        const focused = await open.focus();
        if (await focused.navigate(url).catch(() => null)) return;
      }
      await self.clients.openWindow(url);
    })(),
  );
});
