import './stack';
import { hydrate } from '@tanstack/react-query';
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { runStartupHousekeeping } from '@/domain/housekeeping';
import { CATALOGUE, type Catalogue } from '@/ports/catalogue';
import { KEY_VALUE_STORE } from '@/ports/key-value-store';
import { App, createQueryClient } from '@/ui/app';
import { forceLightTheme } from '@/ui/startup/force-light-theme';
import { preloadStockImages, reportPoorWebVitals, startImageCleanup } from '@/ui/startup/page-housekeeping';
import { CLOCK, type Clock } from '@/ports/clock';
import { LOGGER, type Logger } from '@/ports/logger';
import type { CartService } from '@/domain/cart/cart-service';
import type { FavoritesService } from '@/domain/favorites/favorites-service';
import { CART_SERVICE, FAVORITES_SERVICE } from '@/domain/service-tokens';
import '@/ui/styles/app.css';
import { config } from './config';
import { afterPageLoad } from './after-page-load';
import { createAppContainer } from './container';
import { loadOnce } from './lazy-port';
import { Toaster } from './on-demand';
import { replayEarlyInteractions } from './prerender/early-interactions';
import { PRERENDERED_STATE_ID } from './prerender/page-document';
import { nextTask } from './next-task';
import { loadModulesOf, routes } from './routes';

/** A moment after the load event: web-vitals' code is downloaded once the page has settled. */
const WEB_VITALS_DELAY_MS = 3000;
const loadWebVitals = loadOnce(() => import('web-vitals'));

// Start-up in three tasks, each short enough that a tap in between is answered at once: the
// services, then the catalogue's first question, then the page taken over (hydrated or drawn).
async function start() {
  const container = createAppContainer(config);
  forceLightTheme();
  runStartupHousekeeping(container.resolve(KEY_VALUE_STORE));

  // After the first paint's needs: stock pictures, web-vitals and the periodic image cleanup.
  // The built page starts this code only once it has painted (scripts/vite/first-paint-hints.ts),
  // by which time the load event may have passed.
  afterPageLoad(() => {
    preloadStockImages();
    startImageCleanup(container.resolve<Clock>(CLOCK));
  });
  // web-vitals reads buffered entries: loading it once the page has settled loses nothing.
  // Its chunk may be gone by then (a new version deployed meanwhile): logged, never thrown.
  afterPageLoad(() => {
    const logger = container.resolve<Logger>(LOGGER);
    reportPoorWebVitals(logger, loadWebVitals).catch((error: unknown) => logger.warn('Web vitals not measured: their code could not be loaded', error));
  }, WEB_VITALS_DELAY_MS);

  // A change is committed a moment after the click (src/adapters/cross-tab/persisted-state.ts): a page closed
  // or left in that moment (for good, or into the back-forward cache, which may discard it) writes
  // what is still waiting to localStorage before it goes.
  window.addEventListener('pagehide', () => {
    container.resolve<CartService>(CART_SERVICE).flushBeforeUnload();
    container.resolve<FavoritesService>(FAVORITES_SERVICE).flushBeforeUnload();
  });

  await nextTask();
  // Nearly every page shows products: start loading the catalogue while the page's code arrives.
  // Its answer (a Result, a failure included) is not needed here: the pages ask again.
  void container.resolve<Catalogue>(CATALOGUE).categories();

  await nextTask();
  const root = document.getElementById('root');
  if (!root) throw new Error('#root is missing from index.html');
  const queryClient = createQueryClient();
  const app = <App container={container} routes={routes} toaster={Toaster} queryClient={queryClient} onStarted={replayEarlyInteractions} />;
  // A page written ahead of time for this very address (src/app/prerender) is hydrated: React
  // takes over the HTML shown, with the catalogue's answers it was written with (stale, so each is
  // asked again at once: a price changed since shows its new value). Any other page (the shell, or
  // a written page reached with a query such as the shop's filters) is rendered.
  const prerendered = document.getElementById(PRERENDERED_STATE_ID);
  if (prerendered && prerendered.dataset.path === window.location.pathname && !window.location.search) {
    hydrate(queryClient, JSON.parse(prerendered.textContent ?? '{}'));
    // Hydrated once its modules are there, so that React finds the page as the HTML shows it.
    // A transition: React hydrates in slices of a few milliseconds and lets the browser breathe.
    await loadModulesOf(window.location.pathname).catch(() => undefined);
    startTransition(() => void hydrateRoot(root, app));
  } else {
    // A transition: React renders the first page in slices of a few milliseconds and lets the
    // browser breathe between them, instead of one long task while the shopper waits to scroll.
    startTransition(() => createRoot(root).render(app));
  }
}

void start();
