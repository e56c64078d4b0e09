import type { RegisterSWOptions } from 'vite-plugin-pwa/types';
import type { RegisterServiceWorker } from '../../../src/adapters/browser/service-worker-update';

/** A service worker as its page sees it: a state, and 'statechange' events. */
class FakeWorker extends EventTarget {
  state: ServiceWorkerState = 'installed';

  become(state: ServiceWorkerState): void {
    this.state = state;
    this.dispatchEvent(new Event('statechange'));
  }
}

/**
 * vite-plugin-pwa's registerSW in 'prompt' mode over one registration, as the page sees it:
 * onRegisteredSW hands over the registration; onNeedRefresh announces a new worker. In a page
 * a worker controls, that worker waits until the returned function sends it SKIP_WAITING; in a
 * page nothing controls (a first visit), it activates at once, and the helper still announces
 * it (Chromium, checked). Like the real helper, it asks for a reload (onNeedReload) only when
 * the page was already controlled when it registered.
 */
export class FakeServiceWorkerHelper {
  registrations = 0;
  /** Whether the new version's worker has become the active one. */
  newVersionActive = false;
  private options: RegisterSWOptions = {};
  private readonly registration = { waiting: null as FakeWorker | null };

  constructor(private readonly controlledAtRegistration = true) {}

  readonly registerSW: RegisterServiceWorker = (options) => {
    this.registrations++;
    this.options = options;
    options.onRegisteredSW?.('/sw.js', this.registration as unknown as ServiceWorkerRegistration);
    return async () => {
      const worker = this.registration.waiting;
      if (!worker) return;
      // The worker's own message handler: skipWaiting, then activation, a little later.
      queueMicrotask(() => {
        this.registration.waiting = null;
        worker.become('activating');
        this.newVersionActive = true;
        worker.become('activated');
        if (this.controlledAtRegistration) this.options.onNeedReload?.();
      });
    };
  };

  newVersionInstalled(): void {
    if (this.controlledAtRegistration) {
      this.registration.waiting = new FakeWorker();
    } else {
      this.newVersionActive = true;
    }
    this.options.onNeedRefresh?.();
  }

  registrationFails(error: unknown): void {
    this.options.onRegisterError?.(error);
  }
}
