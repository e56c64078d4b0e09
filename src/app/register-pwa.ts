import type { DependencyContainer } from 'tsyringe';
import { BrowserInstallPrompt } from '@/adapters/browser/browser-install-prompt';
import { cachePicturesSeenBeforeControl } from '@/adapters/browser/pictures-seen-before-control';
import { ServiceWorkerUpdate } from '@/adapters/browser/service-worker-update';
import { APP_UPDATE } from '@/ports/app-update';
import { CLOCK, type Clock } from '@/ports/clock';
import { INSTALL_PROMPT } from '@/ports/install-prompt';
import { LOGGER, type Logger } from '@/ports/logger';
import { afterPageLoad } from './after-page-load';
import { registerPwaServices } from './register-pwa-services';

/**
 * The browser's install prompt and service worker, then the banners' services. Needs LOGGER and
 * CLOCK (and, for the services, KEY_VALUE_STORE) registered first. Listens for the install
 * offer at once (the browser may make it early), and registers the service worker after the
 * page's load event, so it never competes with what the first paint needs; the pictures this
 * page showed before the worker existed are handed to it when it takes over.
 */
export function registerPwa(c: DependencyContainer): DependencyContainer {
  const logger = c.resolve<Logger>(LOGGER);
  c.register(INSTALL_PROMPT, { useValue: new BrowserInstallPrompt(window) });
  const update = new ServiceWorkerUpdate(logger, c.resolve<Clock>(CLOCK));
  c.register(APP_UPDATE, { useValue: update });
  if ('serviceWorker' in navigator) {
    cachePicturesSeenBeforeControl(
      navigator.serviceWorker,
      () => performance.getEntriesByType('resource') as PerformanceResourceTiming[],
      window.location.origin,
    );
  }
  afterPageLoad(() => void update.register(), REGISTRATION_DELAY_MS);
  return registerPwaServices(c);
}

/** A moment after the load event: the worker's script and its precache start once the page has settled. */
const REGISTRATION_DELAY_MS = 3000;
