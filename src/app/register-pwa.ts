import type { DependencyContainer } from 'tsyringe';
import { BrowserInstallPrompt } from '../adapters/browser/browser-install-prompt';
import { ServiceWorkerUpdate } from '../adapters/browser/service-worker-update';
import { APP_UPDATE } from '../ports/app-update';
import { INSTALL_PROMPT } from '../ports/install-prompt';
import { LOGGER, type Logger } from '../ports/logger';
import { registerPwaServices } from './register-pwa-services';

/**
 * The browser's install prompt and service worker, then the banners' services. Needs LOGGER
 * (and, for the services, CLOCK and KEY_VALUE_STORE) registered first. Listens for the install
 * offer at once (the browser may make it early), and registers the service worker after the
 * page's load event, so it never competes with what the first paint needs.
 */
export function registerPwa(c: DependencyContainer): DependencyContainer {
  const logger = c.resolve<Logger>(LOGGER);
  c.register(INSTALL_PROMPT, { useValue: new BrowserInstallPrompt(window) });
  const update = new ServiceWorkerUpdate(logger);
  c.register(APP_UPDATE, { useValue: update });
  afterLoad(() => void update.register());
  return registerPwaServices(c);
}

function afterLoad(run: () => void): void {
  if (document.readyState === 'complete') run();
  else window.addEventListener('load', run, { once: true });
}
