// Before tsyringe, whoever imports this module first (src/app/stack.ts says why the lite build).
import 'reflect-metadata/lite';
import { container as root, instanceCachingFactory, type DependencyContainer } from 'tsyringe';
import { openCatalogueChanges } from '@/adapters/browser/broadcast-changes';
import { BrowserClock } from '@/adapters/browser/browser-clock';
import { COUNT_BOUND } from '@/domain/catalogue/catalogue-query';
import { ConsoleLogger } from '@/adapters/browser/console-logger';
import { CryptoIdGenerator } from '@/adapters/browser/crypto-id-generator';
import { CrossTabSharedStates } from '@/adapters/cross-tab/cross-tab-shared-states';
import { ConsoleMailer } from '@/adapters/console-mailer/console-mailer';
import { editsOnceMarked } from '@/adapters/catalogue-edits/edits-once-marked';
import { DemoCatalogue, fetchDemoCatalogue, type DemoEdits } from '@/adapters/demo-catalogue/demo-catalogue';
import { resolveLocalPicturesWith } from '@/adapters/indexeddb/local-pictures';
import { LocalAdminAuthGateway, type AdminPasswordCheck } from '@/adapters/local-admin-auth/local-admin-auth-gateway';
import { LocalStorageKeyValueStore } from '@/adapters/local-storage/local-storage-key-value-store';
import { MemoryKeyValueStore } from '@/adapters/memory/memory-key-value-store';
import { ADMIN_AUTH_GATEWAY, type AdminAuthGateway } from '@/ports/admin-auth-gateway';
import { CATALOGUE } from '@/ports/catalogue';
import { CATALOGUE_CHANGES } from '@/ports/catalogue-changes';
import { CATALOGUE_WRITER, type CatalogueWriter } from '@/ports/catalogue-writer';
import { CLOCK } from '@/ports/clock';
import { ID_GENERATOR } from '@/ports/id-generator';
import { KEY_VALUE_STORE, type KeyValueStore } from '@/ports/key-value-store';
import { LOGGER, type Logger } from '@/ports/logger';
import { MAILER } from '@/ports/mailer';
import { NEWSLETTER_SENDER, type NewsletterSender } from '@/ports/newsletter-sender';
import { NEWSLETTER_SUBSCRIBERS, type NewsletterSubscribers } from '@/ports/newsletter-subscribers';
import { NOTIFICATION_PERMISSION, type NotificationPermission } from '@/ports/notification-permission';
import { NOTIFIER, type Notifier } from '@/ports/notifier';
import { ORDER_CHANGES, type OrderChanges } from '@/ports/order-changes';
import { ORDER_REPOSITORY, type OrderRepository } from '@/ports/order-repository';
import { PAYMENT_GATEWAY, type PaymentGateway } from '@/ports/payment-gateway';
import { TEST_PAYMENT_DESK, type TestPaymentDesk } from '@/ports/test-payment-desk';
import { PICTURE_STORAGE, type PictureStorage } from '@/ports/picture-storage';
import { RELAY_POINTS, type RelayPoints } from '@/ports/relay-points';
import { SHARED_COMMITS, type SharedCommits } from '@/ports/shared-commits';
import { SHARED_STATES } from '@/ports/shared-state';
import type { AppConfig } from './config';
import { afterPageLoad } from './after-page-load';
import { lazyPort, loadOnce } from './lazy-port';
import { registerPwa } from './register-pwa';
import { COMMITS_CHANNEL, INDEXEDDB_DATABASES, STORAGE_KEYS } from '@/domain/storage-keys';
import { registerSupabase } from './register-supabase';
import { registerDomainServices } from './register-services';

/** localStorage when the browser lets us use it; otherwise (blocked storage) memory for this visit. */
function openStore(logger: Logger): KeyValueStore {
  try {
    const storage = window.localStorage;
    storage.getItem(STORAGE_KEYS.cart);
    return new LocalStorageKeyValueStore(storage, window, logger);
  } catch (error) {
    logger.warn('localStorage is unavailable; this visit keeps its data in memory only', error);
    return new MemoryKeyValueStore();
  }
}

/** The back office's failures to load some code, told to the console: the shopper is told by the port's answer. */
function logLoadError(logger: Logger) {
  return (error: unknown) => logger.error('A part of the shop could not be loaded', error);
}

/**
 * IndexedDB, whose transactions make each commit of the cart, favorites and subscribers atomic
 * across tabs, loaded with the first change (a visit that changes nothing never loads it); where
 * the browser has no IndexedDB, the stored lists use localStorage alone. A tab that only listens
 * has nothing to hear before one of its own commits: listening does not load it.
 */
function openCommitLog(logger: Logger): SharedCommits {
  return lazyPort<SharedCommits>(
    async () => {
      const { IndexedDbSharedCommits } = await import('@/adapters/indexeddb/indexeddb-shared-commits');
      const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(COMMITS_CHANNEL);
      const factory = typeof indexedDB === 'undefined' ? null : indexedDB;
      return new IndexedDbSharedCommits({ factory, databaseName: INDEXEDDB_DATABASES.commits, channel });
    },
    { subscriptionsLoad: false, onLoadError: logLoadError(logger) },
  );
}

/**
 * The local admin sign-in: its session (two storage entries) is read at once; the password check
 * (PBKDF2 hashing) loads with the first sign-in.
 */
function localAdminAuth(config: AppConfig, store: KeyValueStore, logger: Logger): AdminAuthGateway {
  const passwords = lazyPort<AdminPasswordCheck>(
    () => import('@/adapters/local-admin-auth/pbkdf2-password-check').then(({ Pbkdf2PasswordCheck }) => new Pbkdf2PasswordCheck(config.admin, logger)),
    { onLoadError: logLoadError(logger) },
  );
  return new LocalAdminAuthGateway(store, passwords, logger);
}

/** The newsletter kept in this browser (NewsletterService over its storage), behind the two newsletter ports. */
async function localNewsletter(c: DependencyContainer, siteUrl: string) {
  const [{ NewsletterService }, { LocalNewsletterSubscribers }, { LocalNewsletterSender }] = await Promise.all([
    import('@/domain/newsletter/newsletter-service'),
    import('@/adapters/local-storage/local-newsletter-subscribers'),
    import('@/adapters/local-storage/local-newsletter-sender'),
  ]);
  const service = new NewsletterService(c.resolve(SHARED_STATES), c.resolve(MAILER), c.resolve(CLOCK), c.resolve(ID_GENERATOR), c.resolve(LOGGER), siteUrl);
  // A change is committed a moment after the click: a page that goes saves what is waiting.
  window.addEventListener('pagehide', () => service.flushBeforeUnload());
  return { subscribers: new LocalNewsletterSubscribers(service), sender: new LocalNewsletterSender(service) };
}

/** A moment after the load event, a device that follows something starts hearing the owner's changes. */
const NOTIFIER_DELAY_MS = 1000;

/**
 * The composition root: one line per port says which adapter serves it. To swap an adapter
 * (a real mailer, a server-side admin sign-in), change its line here and nothing else.
 */
export function createAppContainer(config: AppConfig): DependencyContainer {
  const c = root.createChildContainer();
  const logger = new ConsoleLogger();
  const clock = new BrowserClock();
  const onLoadError = logLoadError(logger);
  // VITE_SITE_URL, else the address this page is served from: a mail's links must be absolute.
  const siteUrl = config.siteUrl ?? window.location.origin;
  c.register(LOGGER, { useValue: logger });
  c.register(CLOCK, { useValue: clock });
  const ids = new CryptoIdGenerator();
  c.register(ID_GENERATOR, { useValue: ids });
  const store = openStore(logger);
  c.register(KEY_VALUE_STORE, { useValue: store });
  c.register(SHARED_COMMITS, { useValue: openCommitLog(logger) });
  // The cart, favorites and subscribers: each stored under its localStorage key, committed through the log.
  c.register(SHARED_STATES, {
    useFactory: instanceCachingFactory((r) => new CrossTabSharedStates(r.resolve(KEY_VALUE_STORE), r.resolve(SHARED_COMMITS), r.resolve(LOGGER))),
  });
  c.register(MAILER, { useValue: new ConsoleMailer(clock, logger) });
  // This browser's tabs tell one another of the back office's saves and of orders' stock (a
  // BroadcastChannel): one adapter per container, made with its first use, which the writer and
  // the order repository announce through. The shell subscribes during the first render: a load
  // asked for then would be a request on the first paint's path, so it is not lazy.
  const catalogueChanges = instanceCachingFactory(openCatalogueChanges);
  c.register(CATALOGUE_CHANGES, { useFactory: catalogueChanges });
  // Orders' changes between tabs, heard by the back office's orders pages: one adapter per
  // container, loaded with the first subscription or the order repository, which announces there.
  const orderChanges = loadOnce(() => import('@/adapters/browser/broadcast-order-changes').then((m) => m.openOrderChanges()));
  c.register(ORDER_CHANGES, { useValue: lazyPort<OrderChanges>(orderChanges, { onLoadError }) });
  // The back office's pictures, kept on this device: one storage per container, loaded with the
  // first upload or removal, the first save, or the first list of pictures holding one of them.
  // The catalogue shows them through the storage's object URLs; the writer saves their addresses.
  const pictures = loadOnce(() => import('@/adapters/indexeddb/indexeddb-picture-storage').then((m) => m.localPictureStorage(ids, logger)));
  const resolveImages = resolveLocalPicturesWith(pictures);
  c.register(PICTURE_STORAGE, { useValue: lazyPort<PictureStorage>(pictures, { onLoadError }) });
  // The demo catalogue, with the owner's edits once there are some: their reader (and IndexedDB)
  // loads then, so a shopper's visit never downloads it.
  const editedCatalogue = loadOnce(() => import('@/adapters/catalogue-edits/edited-catalogue'));
  const readEdits: DemoEdits = (shipped) => editedCatalogue().then((m) => m.editedCatalogue(shipped, logger, { resolveImages }));
  c.register(CATALOGUE, {
    useValue: new DemoCatalogue(logger, fetchDemoCatalogue, editsOnceMarked(store, readEdits, catalogueChanges(c)), COUNT_BOUND, clock),
  });
  // The owner's edits, kept in IndexedDB: the writer loads with the back office's first save.
  const writer = () =>
    Promise.all([import('./make-local-catalogue-writer'), pictures()]).then(([m, storage]) =>
      m.makeLocalCatalogueWriter(c, { catalogueChanges: catalogueChanges(c), pictures: storage }),
    );
  c.register(CATALOGUE_WRITER, { useValue: lazyPort<CatalogueWriter>(writer, { onLoadError }) });
  c.register(ADMIN_AUTH_GATEWAY, { useValue: localAdminAuth(config, store, logger) });
  // Orders kept on this device, with the catalogue's stock (IndexedDB), and the stand-in payment
  // provider (« Paiement de test »): loaded with the first order question or payment.
  const orders = loadOnce(() =>
    Promise.all([import('./local-orders'), orderChanges()]).then(([m, changes]) =>
      m.localOrders(c, { catalogueChanges: catalogueChanges(c), orderChanges: changes, resolveImages }),
    ),
  );
  c.register(ORDER_REPOSITORY, { useValue: lazyPort<OrderRepository>(() => orders().then((m) => m.orders), { onLoadError }) });
  c.register(PAYMENT_GATEWAY, { useValue: lazyPort<PaymentGateway>(() => orders().then((m) => m.payments), { onLoadError }) });
  // The « Paiement de test » page's stand-in provider, on every backend: on Supabase no payment
  // starts there, so its pages are unknown sessions.
  c.register(TEST_PAYMENT_DESK, { useValue: lazyPort<TestPaymentDesk>(() => orders().then((m) => m.payments), { onLoadError }) });
  // The relay points « Point relais » offers: the demo list, on every backend (no backend of the
  // shop serves relay points; a carrier's adapter would take this line). Loaded with the first search.
  const relayPoints = loadOnce(() => import('@/adapters/demo-relay-points/demo-relay-points').then((m) => new m.DemoRelayPoints()));
  c.register(RELAY_POINTS, { useValue: lazyPort<RelayPoints>(relayPoints, { onLoadError }) });
  // The newsletter kept in this browser, loaded with the first subscription or newsletter page.
  const newsletter = loadOnce(() => localNewsletter(c, siteUrl));
  c.register(NEWSLETTER_SUBSCRIBERS, { useValue: lazyPort<NewsletterSubscribers>(() => newsletter().then((n) => n.subscribers), { onLoadError }) });
  c.register(NEWSLETTER_SENDER, { useValue: lazyPort<NewsletterSender>(() => newsletter().then((n) => n.sender), { onLoadError }) });
  // Notifications: the browser's permission, asked after a click (loaded then).
  const permission = loadOnce(() => import('@/adapters/browser/browser-notifications').then((m) => new m.BrowserNotificationPermission(false)));
  c.register(NOTIFICATION_PERMISSION, { useValue: lazyPort<NotificationPermission>(permission, { onLoadError }) });
  // The follows kept on this device; its pages listen for the owner's changes made here once one is
  // followed: loaded with the first follow or « Notifications » page, after the load of a page of a
  // device that follows something, or when another tab makes this device's first follow.
  const notifier = loadOnce(() =>
    Promise.all([import('./local-notifications'), orderChanges()]).then(([m, changes]) =>
      m.localNotifications(c, { orderChanges: changes, catalogueChanges: catalogueChanges(c), origin: window.location.origin }),
    ),
  );
  c.register(NOTIFIER, { useValue: lazyPort<Notifier>(notifier, { onLoadError }) });
  const followsSomething = (follows: string | null) => (follows?.length ?? 0) > 2;
  if (followsSomething(store.get(STORAGE_KEYS.notificationFollows))) afterPageLoad(() => void notifier().catch(() => undefined), NOTIFIER_DELAY_MS);
  else {
    const stop = store.subscribe(({ key, newValue }) => {
      if (key !== STORAGE_KEYS.notificationFollows || !followsSomething(newValue)) return;
      stop();
      void notifier().catch(() => undefined);
    });
  }
  registerPwa(c);
  registerDomainServices(c, siteUrl);
  // VITE_BACKEND=supabase: the Supabase client and adapters replace the local ones (the last
  // registration of a token wins). The test is on import.meta.env itself, which the build
  // replaces by its value: a local build drops this branch, and supabase-js with it.
  if (import.meta.env.VITE_BACKEND === 'supabase' && config.supabase) registerSupabase(c, config.supabase, logger);
  return c;
}
