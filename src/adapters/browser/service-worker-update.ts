import type { RegisterSWOptions } from 'vite-plugin-pwa/types';
import type { AppUpdate } from '../../ports/app-update';
import type { Logger } from '../../ports/logger';

/** vite-plugin-pwa's `registerSW`: registers the worker, returns the function that lets a waiting one take over. */
export type RegisterServiceWorker = (options: RegisterSWOptions) => (reloadPage?: boolean) => Promise<void>;

export interface ServiceWorkerUpdateOptions {
  /** Where `registerSW` comes from; tests hand in a fake. */
  load?: () => Promise<RegisterServiceWorker>;
  reload?: () => void;
}

/** How long « Mettre à jour » waits for the new worker to take over before reloading anyway. */
export const ACTIVATION_GRACE_MS = 3000;

// Fetched on its own (with workbox-window), so the first chunk does not carry it.
const loadRegisterSW = async (): Promise<RegisterServiceWorker> => (await import('virtual:pwa-register')).registerSW;

/**
 * The app-update port over vite-plugin-pwa (registerType 'prompt'): a new worker that installs
 * while another controls the page waits, and onNeedRefresh says so; applying it sends that
 * worker SKIP_WAITING. The reload is ours, done once the new worker is active: the helper's own
 * reload only happens when the page was already controlled when it registered, and a shopper's
 * first page is not, so « Mettre à jour » would otherwise do nothing there.
 */
export class ServiceWorkerUpdate implements AppUpdate {
  private waiting = false;
  private reloading = false;
  private registration: ServiceWorkerRegistration | null = null;
  private updateServiceWorker: ((reloadPage?: boolean) => Promise<void>) | null = null;
  private readonly listeners = new Set<() => void>();
  private readonly load: () => Promise<RegisterServiceWorker>;
  private readonly reload: () => void;

  constructor(
    private readonly logger: Logger,
    options: ServiceWorkerUpdateOptions = {},
  ) {
    this.load = options.load ?? loadRegisterSW;
    this.reload = options.reload ?? (() => window.location.reload());
  }

  /** Registers the worker at the site root. Never throws: spec §8, a registration failure is only logged. */
  async register(): Promise<void> {
    try {
      const registerSW = await this.load();
      this.updateServiceWorker = registerSW({
        onNeedRefresh: () => this.onNeedRefresh(),
        onNeedReload: () => this.reloadOnce(),
        onRegisteredSW: (_url, registration) => {
          this.registration = registration ?? null;
        },
        onRegisterError: (error: unknown) => this.logger.error('The service worker could not be registered', error),
      });
    } catch (error) {
      this.logger.error('The service worker could not be registered', error);
    }
  }

  onUpdateWaiting(listener: () => void): () => void {
    this.listeners.add(listener);
    if (this.waiting) listener();
    return () => {
      this.listeners.delete(listener);
    };
  }

  async applyUpdate(): Promise<void> {
    if (!this.updateServiceWorker || !this.waiting) throw new Error('No new version of the shop is waiting');
    const next = this.registration?.waiting;
    await this.updateServiceWorker(true);
    // No worker waiting: the new one is already active (nothing controlled this page, so it did
    // not have to wait, or another tab let it in). This page still runs the old code: reload now.
    if (next) {
      void whenActivated(next).then(() => this.reloadOnce());
      // Chromium can keep the new worker waiting while the old one still serves requests; a
      // reload then lets it in (or, at worst, shows the banner again): never a dead button.
      setTimeout(() => this.reloadOnce(), ACTIVATION_GRACE_MS);
    } else this.reloadOnce();
  }

  private onNeedRefresh(): void {
    this.waiting = true;
    for (const listener of [...this.listeners]) listener();
  }

  private reloadOnce(): void {
    if (this.reloading) return;
    this.reloading = true;
    this.reload();
  }
}

function whenActivated(worker: ServiceWorker): Promise<void> {
  return new Promise((resolve) => {
    const check = () => {
      if (worker.state !== 'activated') return;
      worker.removeEventListener('statechange', check);
      resolve();
    };
    worker.addEventListener('statechange', check);
    check();
  });
}
