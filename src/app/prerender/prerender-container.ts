// The container a page is rendered with ahead of time, at build (./render-page.tsx): the
// catalogue it is given, and for everything of a visitor (cart, favorites, admin session,
// banners) the state of a browser that has nothing stored yet. Nothing here touches a window,
// a storage or a network; a page that resolves a port registered nowhere here fails the build.
import 'reflect-metadata/lite';
import { container as root, instanceCachingFactory, type DependencyContainer } from 'tsyringe';
import { BroadcastCatalogueChanges } from '@/adapters/browser/broadcast-changes';
import { BrowserClock } from '@/adapters/browser/browser-clock';
import { BrowserInstallPrompt } from '@/adapters/browser/browser-install-prompt';
import { ConsoleLogger } from '@/adapters/browser/console-logger';
import { CryptoIdGenerator } from '@/adapters/browser/crypto-id-generator';
import { ServiceWorkerUpdate } from '@/adapters/browser/service-worker-update';
import { CrossTabSharedStates } from '@/adapters/cross-tab/cross-tab-shared-states';
import { IndexedDbSharedCommits } from '@/adapters/indexeddb/indexeddb-shared-commits';
import { LocalAdminAuthGateway, type AdminPasswordCheck } from '@/adapters/local-admin-auth/local-admin-auth-gateway';
import { MemoryKeyValueStore } from '@/adapters/memory/memory-key-value-store';
import { INDEXEDDB_DATABASES } from '@/domain/storage-keys';
import { ADMIN_AUTH_GATEWAY } from '@/ports/admin-auth-gateway';
import { APP_UPDATE } from '@/ports/app-update';
import { CATALOGUE, type Catalogue } from '@/ports/catalogue';
import { CATALOGUE_CHANGES } from '@/ports/catalogue-changes';
import { CLOCK } from '@/ports/clock';
import { ID_GENERATOR } from '@/ports/id-generator';
import { INSTALL_PROMPT } from '@/ports/install-prompt';
import { KEY_VALUE_STORE } from '@/ports/key-value-store';
import { LOGGER } from '@/ports/logger';
import { SHARED_COMMITS } from '@/ports/shared-commits';
import { SHARED_STATES } from '@/ports/shared-state';
import { NEWSLETTER_SUBSCRIBERS, type NewsletterSubscribers } from '@/ports/newsletter-subscribers';
import { NOTIFICATION_PERMISSION, type NotificationPermission } from '@/ports/notification-permission';
import { NOTIFIER, type Notifier } from '@/ports/notifier';
import { lazyPort, type LazyCapable, type LazyPortOptions } from '../lazy-port';
import { registerPwaServices } from '../register-pwa-services';
import { registerDomainServices } from '../register-services';

/**
 * A port a page holds for what its visitor may do later (subscribe, sign in): nothing is done
 * while pages are written, so any call answers as an adapter that could not be loaded.
 */
const unavailable = <T extends LazyCapable<T>>(options?: LazyPortOptions) =>
  lazyPort<T>(() => Promise.reject(new Error('Not available while pages are prerendered')), options);

export function createPrerenderContainer(catalogue: Catalogue, siteUrl: string): DependencyContainer {
  const c = root.createChildContainer();
  const logger = new ConsoleLogger();
  const clock = new BrowserClock();
  c.register(LOGGER, { useValue: logger });
  c.register(CLOCK, { useValue: clock });
  c.register(ID_GENERATOR, { useValue: new CryptoIdGenerator() });
  const store = new MemoryKeyValueStore();
  c.register(KEY_VALUE_STORE, { useValue: store });
  // No IndexedDB and no other tab: the stored lists live in the memory store alone.
  c.register(SHARED_COMMITS, { useValue: new IndexedDbSharedCommits({ factory: null, databaseName: INDEXEDDB_DATABASES.commits, channel: null }) });
  c.register(SHARED_STATES, {
    useFactory: instanceCachingFactory((r) => new CrossTabSharedStates(r.resolve(KEY_VALUE_STORE), r.resolve(SHARED_COMMITS), logger)),
  });
  c.register(CATALOGUE, { useValue: catalogue });
  c.register(CATALOGUE_CHANGES, { useValue: new BroadcastCatalogueChanges(null) });
  // No install offer and no waiting version: the banners stay hidden.
  c.register(INSTALL_PROMPT, { useValue: new BrowserInstallPrompt(new EventTarget()) });
  c.register(APP_UPDATE, { useValue: new ServiceWorkerUpdate(logger, clock) });
  c.register(ADMIN_AUTH_GATEWAY, { useValue: new LocalAdminAuthGateway(store, unavailable<AdminPasswordCheck>(), logger) });
  c.register(NEWSLETTER_SUBSCRIBERS, { useValue: unavailable<NewsletterSubscribers>() });
  // A sold-out product's « Me prévenir du retour en stock » is drawn; nothing is followed at build.
  c.register(NOTIFIER, { useValue: unavailable<Notifier>() });
  c.register(NOTIFICATION_PERMISSION, { useValue: unavailable<NotificationPermission>() });
  registerPwaServices(c);
  registerDomainServices(c, siteUrl);
  return c;
}
