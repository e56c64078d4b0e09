/**
 * Where the catalogue's pictures live. The service worker caches them as the shopper meets
 * them (vite.config.ts, runtimeCaching: its urlPattern is copied into sw.js as source, so it
 * spells this path out), so that a page seen online shows them offline too.
 */
const CATALOGUE_PICTURES_PATH = '/images/catalogue/';

/** What this needs of `navigator.serviceWorker`. */
export interface ServiceWorkerControl {
  readonly controller: { postMessage(message: unknown): void } | null;
  addEventListener(type: 'controllerchange', listener: () => void, options?: { once?: boolean }): void;
}

/** What this needs of a resource timing entry: the file, and whether a worker served it (0: none). */
export type SeenResource = Pick<PerformanceResourceTiming, 'name' | 'workerStart'>;

/**
 * A shopper's first page loads before the service worker exists (it registers after the load
 * event), so the pictures it shows never pass through the worker's picture cache: offline,
 * that page would show the default picture in their place. When the worker takes control of
 * the page (clientsClaim), it is handed those pictures with Workbox's CACHE_URLS message: each
 * goes through the route that serves it, into the same cache as a picture met later.
 * A page the worker controlled from its start needs nothing: its pictures all went through it.
 */
export function cachePicturesSeenBeforeControl(serviceWorker: ServiceWorkerControl, seen: () => readonly SeenResource[], origin: string): void {
  if (serviceWorker.controller) return;
  serviceWorker.addEventListener(
    'controllerchange',
    () => {
      const urlsToCache = seen()
        .filter((entry) => entry.workerStart === 0)
        .map((entry) => new URL(entry.name))
        .filter((url) => url.origin === origin && url.pathname.startsWith(CATALOGUE_PICTURES_PATH))
        .map((url) => url.href);
      if (urlsToCache.length === 0) return;
      serviceWorker.controller?.postMessage({ type: 'CACHE_URLS', payload: { urlsToCache: [...new Set(urlsToCache)] } });
    },
    { once: true },
  );
}
