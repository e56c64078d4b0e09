// The lite build: the same Reflect.metadata API without the Map/Set/WeakMap polyfills every
// browser the shop supports already has (−1 KB gzipped on the first visit).
import 'reflect-metadata/lite';
import { container as root, type DependencyContainer } from 'tsyringe';
import { thisPageCatalogueChanges } from '../adapters/browser/broadcast-catalogue-changes';
import { BrowserClock } from '../adapters/browser/browser-clock';
import { ConsoleLogger } from '../adapters/browser/console-logger';
import { CryptoIdGenerator } from '../adapters/browser/crypto-id-generator';
import { ConsoleMailer } from '../adapters/console-mailer/console-mailer';
import { NETWORK_FAILURE_MESSAGE } from '../domain/backend-error';
import { fail } from '../domain/result';
import { lazyCatalogueEdits } from '../adapters/catalogue-edits/lazy-catalogue-edits';
import { DemoCatalogue, fetchDemoCatalogue } from '../adapters/demo-catalogue/demo-catalogue';
import { resolveLocalPicturesLazily } from '../adapters/indexeddb/lazy-local-pictures';
import { LazySharedCommits } from '../adapters/indexeddb/lazy-shared-commits';
import { LocalAdminAuthGateway, type AdminPasswordCheck } from '../adapters/local-admin-auth/local-admin-auth-gateway';
import { LocalStorageKeyValueStore } from '../adapters/local-storage/local-storage-key-value-store';
import { MemoryKeyValueStore } from '../adapters/memory/memory-key-value-store';
import { ADMIN_AUTH_GATEWAY, type AdminAuthGateway } from '../ports/admin-auth-gateway';
import { CATALOGUE } from '../ports/catalogue';
import { CATALOGUE_CHANGES, type CatalogueChanges } from '../ports/catalogue-changes';
import { CATALOGUE_WRITER, type CatalogueWriter } from '../ports/catalogue-writer';
import { CLOCK } from '../ports/clock';
import { ID_GENERATOR, type IdGenerator } from '../ports/id-generator';
import { KEY_VALUE_STORE, type KeyValueStore } from '../ports/key-value-store';
import { LOGGER, type Logger } from '../ports/logger';
import { lazy } from '../ports/lazy';
import { MAILER } from '../ports/mailer';
import { ORDER_CHANGES } from '../ports/order-changes';
import { ORDER_REPOSITORY, type OrderRepository } from '../ports/order-repository';
import { PAYMENT_GATEWAY, type PaymentGateway } from '../ports/payment-gateway';
import { PICTURE_STORAGE, type PictureStorage } from '../ports/picture-storage';
import { SHARED_COMMITS, type SharedCommits } from '../ports/shared-commits';
import type { AppConfig } from './config';
import { registerPwa } from './register-pwa';
import { registerSupabase } from './register-supabase';
import { registerDomainServices } from './register-services';

/** localStorage when the browser lets us use it; otherwise (blocked storage) memory for this visit. */
function openStore(logger: Logger): KeyValueStore {
  try {
    const storage = window.localStorage;
    storage.getItem('cart');
    return new LocalStorageKeyValueStore(storage, window, logger);
  } catch (error) {
    logger.warn('localStorage is unavailable; this visit keeps its data in memory only', error);
    return new MemoryKeyValueStore();
  }
}

/**
 * IndexedDB, whose transactions make each commit of the cart, favorites and subscribers atomic
 * across tabs. Its code loads with the first change (a first visit that changes nothing never
 * downloads it); where the browser has no IndexedDB, the stored lists use localStorage alone.
 */
function openCommitLog(): SharedCommits {
  return new LazySharedCommits(async () => {
    const { IndexedDbSharedCommits } = await import('../adapters/indexeddb/indexeddb-shared-commits');
    const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel('boutique-commits');
    const factory = typeof indexedDB === 'undefined' ? null : indexedDB;
    return new IndexedDbSharedCommits({ factory, databaseName: 'boutique', channel });
  });
}

/**
 * The local admin sign-in: its session (two storage entries) is read at once; the password check
 * (PBKDF2 hashing) loads with the first sign-in, not on a shopper's visit.
 */
function lazyLocalAdminAuth(config: AppConfig, store: KeyValueStore, logger: Logger): AdminAuthGateway {
  const check = lazy(() =>
    import('../adapters/local-admin-auth/pbkdf2-password-check').then(({ Pbkdf2PasswordCheck }) => new Pbkdf2PasswordCheck(config.admin, logger)),
  );
  const passwords: AdminPasswordCheck = { verify: async (email, password) => (await check.load()).verify(email, password) };
  return new LocalAdminAuthGateway(store, passwords, logger);
}

/** The back office's pictures, kept on this device: their code (idb included) loads with the first upload or removal. */
function lazyLocalPictures(ids: IdGenerator, logger: Logger): PictureStorage {
  const load = () => import('../adapters/indexeddb/indexeddb-picture-storage').then((m) => m.localPictureStorage(ids, logger));
  return {
    upload: async (file, name) => (await load()).upload(file, name),
    remove: async (url) => (await load()).remove(url),
  };
}

type Changes<T> = { subscribe(listener: (change: T) => void): () => void };

/** A changes port whose adapter's code loads with the first subscription (never, if that code cannot load). */
function lazyChanges<T>(load: () => Promise<Changes<T>>): Changes<T> {
  return {
    subscribe: (listener) => {
      const stop = load().then((m) => m.subscribe(listener), () => () => undefined);
      return () => void stop.then((s) => s());
    },
  };
}

type Methods<T> = { [K in keyof T]: T[K] extends (...args: infer A) => Promise<infer R> ? (...args: A) => Promise<R> : never };

/**
 * A port whose adapter is in a chunk of its own, downloaded with the first call of one of its
 * `methods`. A port that answers with a Result answers a chunk that cannot be downloaded
 * (offline before the service worker had it) with the `network` failure.
 */
function lazyPort<T extends Methods<T>>(load: () => Promise<T>, methods: readonly (keyof T)[], logger: Logger): T {
  const port = lazy(load);
  const failed = (error: unknown) => {
    logger.error('A chunk of the shop could not be loaded', error);
    return fail('network', NETWORK_FAILURE_MESSAGE);
  };
  return Object.fromEntries(
    methods.map((name) => [name, (...args: unknown[]) => port.load().then((p) => (p[name] as (...a: unknown[]) => unknown)(...args), failed)]),
  ) as T;
}

/**
 * Orders kept on this device, with the catalogue's stock (IndexedDB), and the simulated card
 * payment: their code (idb included) loads with the first order question or payment.
 */
function registerLocalOrders(c: DependencyContainer, logger: Logger): void {
  const local = () => import('./local-orders').then((m) => m.localOrders(c));
  c.register(ORDER_REPOSITORY, {
    useValue: lazyPort<OrderRepository>(() => local().then((m) => m.orders), ['place', 'get', 'listMine', 'listAll', 'changeStatus'], logger),
  });
  c.register(PAYMENT_GATEWAY, { useValue: lazyPort<PaymentGateway>(() => local().then((m) => m.payments), ['pay', 'release'], logger) });
}

/**
 * The composition root: one line per port says which adapter serves it. To swap an adapter
 * (a real mailer, a server-side admin sign-in), change its line here and nothing else.
 */
export function createAppContainer(config: AppConfig): DependencyContainer {
  const c = root.createChildContainer();
  const logger = new ConsoleLogger();
  const clock = new BrowserClock();
  c.register(LOGGER, { useValue: logger });
  c.register(CLOCK, { useValue: clock });
  const ids = new CryptoIdGenerator();
  c.register(ID_GENERATOR, { useValue: ids });
  const store = openStore(logger);
  c.register(KEY_VALUE_STORE, { useValue: store });
  c.register(SHARED_COMMITS, { useValue: openCommitLog() });
  c.register(MAILER, { useValue: new ConsoleMailer(clock, logger) });
  // The demo catalogue, with the owner's edits once there are some (their reader loads then).
  c.register(CATALOGUE, { useValue: new DemoCatalogue(logger, fetchDemoCatalogue, lazyCatalogueEdits(store, logger, { resolveImages: resolveLocalPicturesLazily })) });
  // The owner's edits, kept in IndexedDB: the writer's code loads with the back office's first save.
  const writer = () => import('./local-catalogue-writer').then(({ localCatalogueWriter }) => localCatalogueWriter(c));
  c.register(CATALOGUE_WRITER, {
    useValue: {
      create: (draft) => writer().then((w) => w.create(draft)),
      update: (id, draft) => writer().then((w) => w.update(id, draft)),
      remove: (id) => writer().then((w) => w.remove(id)),
    } satisfies CatalogueWriter,
  });
  // This browser's tabs tell one another of the back office's saves (a BroadcastChannel; the
  // writer announces through the same page-wide adapter, opened with the first subscription).
  // In the first chunk, not a chunk of its own: the shell subscribes during the first render,
  // and a chunk asked for then is a request that ends before the page's largest paint, which
  // Lighthouse's simulation puts on the LCP's path over slow 4G (the LCP ratio of / went from
  // 1.6 to 1.8 with it); it costs about 0.3 KB gzipped instead.
  c.register(CATALOGUE_CHANGES, {
    useValue: { subscribe: (listener) => thisPageCatalogueChanges().subscribe(listener) } satisfies CatalogueChanges,
  });
  // Orders' changes between tabs (the local OrderRepository announces), heard by the back
  // office's orders pages alone: their code loads with the first of them.
  c.register(ORDER_CHANGES, {
    useValue: lazyChanges(() => import('../adapters/browser/broadcast-order-changes').then((m) => m.thisPageOrderChanges())),
  });
  c.register(ADMIN_AUTH_GATEWAY, { useValue: lazyLocalAdminAuth(config, store, logger) });
  c.register(PICTURE_STORAGE, { useValue: lazyLocalPictures(ids, logger) });
  registerLocalOrders(c, logger);
  registerPwa(c);
  // VITE_SITE_URL, else the address this page is served from: a mail's links must be absolute.
  registerDomainServices(c, config.siteUrl ?? window.location.origin);
  // VITE_BACKEND=supabase: the Supabase client and adapters replace the catalogue, the
  // newsletter and the admin sign-in (the last registration of a token wins). The test is on
  // import.meta.env itself, which the build replaces by its value: a local build drops this
  // branch, and supabase-js with it.
  if (import.meta.env.VITE_BACKEND === 'supabase' && config.supabase) registerSupabase(c, config.supabase, logger);
  return c;
}
