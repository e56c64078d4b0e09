import type { AppUpdate } from '@/ports/app-update';
import type { Clock } from '@/ports/clock';
import type { Logger } from '@/ports/logger';

/** The shop's worker, src/sw/sw.ts, as vite-plugin-pwa builds it (vite.config.ts: filename, scope). */
const SERVICE_WORKER_URL = '/sw.js';
const SERVICE_WORKER_SCOPE = '/';

/**
 * What lets a waiting worker take over: the shop's worker (src/sw/sw.ts) calls skipWaiting() on
 * exactly this message, and never by itself.
 */
const SKIP_WAITING_MESSAGE = { type: 'SKIP_WAITING' } as const;

/** How long « Mettre à jour » waits for the new worker to take over before reloading anyway. */
export const ACTIVATION_GRACE_MS = 3000;

/** The part of the browser's `navigator.serviceWorker` this adapter uses; tests hand in a fake. */
export type ServiceWorkers = Pick<ServiceWorkerContainer, 'controller' | 'register'>;

export interface ServiceWorkerUpdateOptions {
  /** `navigator.serviceWorker` by default; undefined where the browser has none (then nothing is registered). */
  serviceWorkers?: ServiceWorkers | undefined;
  reload?: () => void;
}

const browserServiceWorkers = (): ServiceWorkers | undefined =>
  typeof navigator !== 'undefined' && 'serviceWorker' in navigator ? navigator.serviceWorker : undefined;

/**
 * The app-update port over the browser's Service Worker API. A new worker that installs while
 * another controls the page waits (the worker never skips waiting by itself), and the port says
 * so; applying it sends that worker SKIP_WAITING, then reloads once the new worker is active
 * (its 'activated' state: it then controls every page of the shop, clientsClaim), or after
 * ACTIVATION_GRACE_MS at the latest. A shopper's first page is not controlled when it
 * registers: its first worker installs, activates and claims it without any announcement or
 * reload; later versions reach it like any other page.
 */
export class ServiceWorkerUpdate implements AppUpdate {
  private registration: ServiceWorkerRegistration | null = null;
  private waiting = false;
  private reloading = false;
  private readonly watched = new WeakSet<ServiceWorker>();
  private readonly listeners = new Set<() => void>();
  private readonly serviceWorkers: ServiceWorkers | undefined;
  private readonly reload: () => void;

  constructor(
    private readonly logger: Logger,
    private readonly clock: Pick<Clock, 'setTimeout'>,
    options: ServiceWorkerUpdateOptions = {},
  ) {
    this.serviceWorkers = 'serviceWorkers' in options ? options.serviceWorkers : browserServiceWorkers();
    this.reload = options.reload ?? (() => window.location.reload());
  }

  /** Registers the worker at the site root. Never throws: spec §8, a registration failure is only logged. */
  async register(): Promise<void> {
    const serviceWorkers = this.serviceWorkers;
    if (!serviceWorkers) return;
    try {
      const registration: ServiceWorkerRegistration | undefined = await serviceWorkers.register(SERVICE_WORKER_URL, { scope: SERVICE_WORKER_SCOPE });
      // A browser told to block workers may answer with no registration at all (Playwright's
      // serviceWorkers: 'block' does): then there is none to watch, as without service workers.
      if (!registration) return;
      this.registration = registration;
      // A version already waiting behind the active one (it came while this page was closed,
      // or in another tab): announced at once.
      if (registration.waiting && registration.active) this.announce();
      if (registration.installing) this.watch(registration.installing, serviceWorkers);
      registration.addEventListener('updatefound', () => {
        if (registration.installing) this.watch(registration.installing, serviceWorkers);
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
    if (!this.waiting) throw new Error('No new version of the shop is waiting');
    const next = this.registration?.waiting;
    // No worker waiting: the new one is already active (another tab let it in). This page still
    // runs the old code: reload now.
    if (!next) return this.reloadOnce();
    whenActivated(next, () => this.reloadOnce());
    next.postMessage(SKIP_WAITING_MESSAGE);
    // Chromium can keep the new worker waiting while the old one still serves requests; a
    // reload then lets it in (or, at worst, shows the banner again): never a dead button.
    this.clock.setTimeout(() => this.reloadOnce(), ACTIVATION_GRACE_MS);
  }

  /** A worker being installed: an update once installed if another worker controls the page. */
  private watch(worker: ServiceWorker, serviceWorkers: ServiceWorkers): void {
    if (this.watched.has(worker)) return;
    this.watched.add(worker);
    const onStateChange = () => {
      if (worker.state !== 'installed') return;
      worker.removeEventListener('statechange', onStateChange);
      // Without a controller this is the first worker: it activates at once, nothing to announce.
      if (serviceWorkers.controller) this.announce();
    };
    worker.addEventListener('statechange', onStateChange);
    onStateChange();
  }

  private announce(): void {
    this.waiting = true;
    for (const listener of [...this.listeners]) listener();
  }

  private reloadOnce(): void {
    if (this.reloading) return;
    this.reloading = true;
    this.reload();
  }
}

function whenActivated(worker: ServiceWorker, then: () => void): void {
  const check = () => {
    if (worker.state !== 'activated') return;
    worker.removeEventListener('statechange', check);
    then();
  };
  worker.addEventListener('statechange', check);
  check();
}
