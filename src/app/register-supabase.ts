import type { SupabaseClient } from '@supabase/supabase-js';
import { instanceCachingFactory, type DependencyContainer } from 'tsyringe';
import { BackendError, backendFailure } from '../domain/backend-error';
import type { Category, CatalogueProduct } from '../domain/catalogue/catalogue-product';
import type { CatalogueQuery } from '../domain/catalogue/catalogue-query';
import { ADMIN_AUTH_GATEWAY, type AdminAuthGateway } from '../ports/admin-auth-gateway';
import { CATALOGUE, type Catalogue } from '../ports/catalogue';
import { CATALOGUE_CHANGES, type CatalogueChanges } from '../ports/catalogue-changes';
import { CATALOGUE_WRITER, type CatalogueWriter } from '../ports/catalogue-writer';
import { KEY_VALUE_STORE, type KeyValueStore } from '../ports/key-value-store';
import { lazy } from '../ports/lazy';
import type { Logger } from '../ports/logger';
import { ORDER_CHANGES, type OrderChanges } from '../ports/order-changes';
import { NEWSLETTER_SENDER, type NewsletterSender } from '../ports/newsletter-sender';
import { NEWSLETTER_SUBSCRIBERS, type NewsletterSubscribers } from '../ports/newsletter-subscribers';
import { ORDER_REPOSITORY, type OrderRepository } from '../ports/order-repository';
import { PICTURE_STORAGE, type PictureStorage } from '../ports/picture-storage';
import { NEWSLETTER_SERVICE } from '../ports/services';
import { token } from '../ports/token';
import type { SupabaseConfig } from './read-config';
import type { SupabaseBackend } from './supabase-backend';

/**
 * A subscription made before the backend's chunk has arrived: it starts once the chunk is in
 * (not at all if it was stopped first, or the chunk never comes), and stops wherever it got to.
 */
function subscribeWhenLoaded(backend: () => Promise<SupabaseBackend>, subscribe: (b: SupabaseBackend) => () => void): () => void {
  let stop: (() => void) | null = null;
  let stopped = false;
  void backend().then(
    (b) => {
      if (!stopped) stop = subscribe(b);
    },
    () => undefined,
  );
  return () => {
    stopped = true;
    stop?.();
  };
}

/** The shop's one supabase-js client, once its chunk has loaded. */
export const SUPABASE_CLIENT = /* @__PURE__ */ token<Promise<SupabaseClient>>('SupabaseClient');

/**
 * Registers the Supabase client and adapters, over the local ones (call it after them). Their code (supabase-js included) is one chunk,
 * downloaded as the container is made; each port answers once it has arrived. A failed
 * download (offline on a first visit) is not kept: the next call tries again.
 */
export function registerSupabase(c: DependencyContainer, config: SupabaseConfig, logger: Logger): void {
  let loading: Promise<SupabaseBackend> | null = null;
  const backend = (): Promise<SupabaseBackend> => {
    if (!loading) {
      const attempt = import('./supabase-backend').then(
        ({ createSupabaseBackend }) => createSupabaseBackend(config, logger),
        (error: unknown) => {
          logger.error('Supabase: the backend code could not be loaded', error);
          throw new BackendError('network', { cause: error });
        },
      );
      attempt.catch(() => {
        if (loading === attempt) loading = null;
      });
      loading = attempt;
    }
    return loading;
  };
  void backend().catch(() => undefined);

  c.register(SUPABASE_CLIENT, { useFactory: () => backend().then((b) => b.client) });
  const catalogue: Catalogue = {
    list: async (query: CatalogueQuery) => (await backend()).catalogue.list(query),
    getBySlug: async (slug: string) => (await backend()).catalogue.getBySlug(slug),
    categories: async (): Promise<readonly Category[]> => (await backend()).catalogue.categories(),
    related: async (product: CatalogueProduct, limit: number) => (await backend()).catalogue.related(product, limit),
  };
  c.register(CATALOGUE, { useValue: catalogue });
  const catalogueChanges: CatalogueChanges = {
    subscribe: (listener) => subscribeWhenLoaded(backend, (b) => b.catalogueChanges.subscribe(listener)),
  };
  c.register(CATALOGUE_CHANGES, { useValue: catalogueChanges });
  // The back office's open orders pages hear of new orders and status changes (admins only: RLS).
  const orderChanges: OrderChanges = {
    subscribe: (listener) => subscribeWhenLoaded(backend, (b) => b.orderChanges.subscribe(listener)),
  };
  c.register(ORDER_CHANGES, { useValue: orderChanges });

  // A Result-answering port: a chunk that cannot load is a failure to show, not an exception.
  const failed = (error: unknown) => backendFailure(error) ?? backendFailure(new BackendError('backend-failed', { cause: error }))!;
  const subscribers: NewsletterSubscribers = {
    subscribe: (email) => backend().then((b) => b.subscribers.subscribe(email), failed),
    unsubscribe: (token) => backend().then((b) => b.subscribers.unsubscribe(token), failed),
    list: () => backend().then((b) => b.subscribers.list(), failed),
  };
  c.register(NEWSLETTER_SUBSCRIBERS, { useValue: subscribers });
  // « Envoyer à tous »: the send-newsletter edge function, with the admin's session.
  const sender: NewsletterSender = {
    sendToAll: (subject, body) => backend().then((b) => b.sender.sendToAll(subject, body), failed),
  };
  c.register(NEWSLETTER_SENDER, { useValue: sender });
  // Product pictures: the public `catalogue` bucket of Storage, written with the admin's session.
  const pictures: PictureStorage = {
    upload: (file, fileName) => backend().then((b) => b.pictures.upload(file, fileName), failed),
    remove: (url) => backend().then((b) => b.pictures.remove(url), failed),
  };
  c.register(PICTURE_STORAGE, { useValue: pictures });
  // The backend applies the newsletter's rules itself (SQL functions, edge functions).
  c.register(NEWSLETTER_SERVICE, {
    useFactory: instanceCachingFactory(() =>
      lazy(async () => {
        const { RemoteNewsletter } = await import('../domain/newsletter/remote-newsletter');
        return new RemoteNewsletter(subscribers, sender);
      }),
    ),
  });

  // The back office's writes: their code loads with the first save, not with the storefront.
  // `announce` is where the lead connects CatalogueChanges; it tells no one until then.
  const writer = lazy(async () => {
    const [b, { SupabaseCatalogueWriter }] = await Promise.all([backend(), import('../adapters/supabase/supabase-catalogue-writer')]);
    return new SupabaseCatalogueWriter(b.client, logger, () => undefined);
  });
  const catalogueWriter: CatalogueWriter = {
    create: (draft) => writer.load().then((w) => w.create(draft), failed),
    update: (id, draft) => writer.load().then((w) => w.update(id, draft), failed),
    remove: (id) => writer.load().then((w) => w.remove(id), failed),
  };
  c.register(CATALOGUE_WRITER, { useValue: catalogueWriter });

  // Orders: place_order and the order functions of the database; the device keeps each order's
  // number and secret. Their code loads with the first order question (checkout, « Mes commandes »,
  // the back office's orders). The payment stays the container's (the simulated card).
  const repository = lazy(async () => {
    const [b, { SupabaseOrderRepository }, { PlacedOrders }] = await Promise.all([
      backend(),
      import('../adapters/supabase/supabase-order-repository'),
      import('../domain/order/placed-orders'),
    ]);
    return new SupabaseOrderRepository(b.client, new PlacedOrders(c.resolve<KeyValueStore>(KEY_VALUE_STORE), logger), logger);
  });
  const orders: OrderRepository = {
    place: (request) => repository.load().then((r) => r.place(request), failed),
    get: (number, secret) => repository.load().then((r) => r.get(number, secret), failed),
    listMine: () => repository.load().then((r) => r.listMine(), failed),
    listAll: (filter) => repository.load().then((r) => r.listAll(filter), failed),
    changeStatus: (number, status) => repository.load().then((r) => r.changeStatus(number, status), failed),
  };
  c.register(ORDER_REPOSITORY, { useValue: orders });

  const adminAuth: Required<AdminAuthGateway> = {
    authenticate: async (email, password) => (await backend()).adminAuth.authenticate(email, password),
    currentSession: async () => (await backend()).adminAuth.currentSession(),
    signOut: async () => (await backend()).adminAuth.signOut(),
    onSessionChange: (listener) => subscribeWhenLoaded(backend, (b) => b.adminAuth.onSessionChange(listener)),
  };
  c.register(ADMIN_AUTH_GATEWAY, { useValue: adminAuth });
}
