import type { SupabaseClient } from '@supabase/supabase-js';
import type { DependencyContainer } from 'tsyringe';
import { ADMIN_AUTH_GATEWAY, type AdminAuthGateway } from '@/ports/admin-auth-gateway';
import { CATALOGUE, type Catalogue } from '@/ports/catalogue';
import { CATALOGUE_CHANGES, type CatalogueChanges } from '@/ports/catalogue-changes';
import { CATALOGUE_WRITER, type CatalogueWriter } from '@/ports/catalogue-writer';
import { KEY_VALUE_STORE, type KeyValueStore } from '@/ports/key-value-store';
import type { Logger } from '@/ports/logger';
import { ORDER_CHANGES, type OrderChanges } from '@/ports/order-changes';
import { NEWSLETTER_SENDER, type NewsletterSender } from '@/ports/newsletter-sender';
import { NEWSLETTER_SUBSCRIBERS, type NewsletterSubscribers } from '@/ports/newsletter-subscribers';
import { NOTIFICATION_PERMISSION, type NotificationPermission } from '@/ports/notification-permission';
import { NOTIFIER, type Notifier } from '@/ports/notifier';
import { ORDER_REPOSITORY, type OrderRepository } from '@/ports/order-repository';
import { PAYMENT_GATEWAY, type PaymentGateway } from '@/ports/payment-gateway';
import { PICTURE_STORAGE, type PictureStorage } from '@/ports/picture-storage';
import { token } from '@/ports/token';
import { lazyPort, loadOnce, type LazyCapable } from './lazy-port';
import type { SupabaseConfig } from './read-config';
import type { SupabaseBackend } from './supabase-backend';

/**
 * The shop's one supabase-js client, once its code has loaded. Pure: a local build, which drops
 * registerSupabase, drops this token with it (a port's token is used by every build, so needs no mark).
 */
export const SUPABASE_CLIENT = /* @__PURE__ */ token<Promise<SupabaseClient>>('SupabaseClient');

/**
 * Registers the Supabase client and adapters, over the local ones (call it after them). Their
 * code (supabase-js included) is loaded as the container is made; each port answers once it has
 * arrived. The payment starts on the provider's page through the create-checkout-session edge function.
 */
export function registerSupabase(c: DependencyContainer, config: SupabaseConfig, logger: Logger): void {
  const onLoadError = (error: unknown) => logger.error('Supabase: the backend code could not be loaded', error);
  const backend = loadOnce(() => import('./supabase-backend').then(({ createSupabaseBackend }) => createSupabaseBackend(config, logger)));
  void backend().catch(() => undefined);
  const port = <T extends LazyCapable<T>>(pick: (b: SupabaseBackend) => T | Promise<T>): T => lazyPort<T>(() => backend().then(pick), { onLoadError });

  c.register(SUPABASE_CLIENT, { useFactory: () => backend().then((b) => b.client) });
  c.register(CATALOGUE, { useValue: port<Catalogue>((b) => b.catalogue) });
  c.register(CATALOGUE_CHANGES, { useValue: port<CatalogueChanges>((b) => b.catalogueChanges) });
  // The back office's open orders pages hear of new orders and status changes (admins only: RLS).
  c.register(ORDER_CHANGES, { useValue: port<OrderChanges>((b) => b.orderChanges) });
  c.register(NEWSLETTER_SUBSCRIBERS, { useValue: port<NewsletterSubscribers>((b) => b.subscribers) });
  // « Envoyer à tous »: the send-newsletter edge function, with the admin's session.
  c.register(NEWSLETTER_SENDER, { useValue: port<NewsletterSender>((b) => b.sender) });
  // Product pictures: the public `catalogue` bucket of Storage, written with the admin's session.
  c.register(PICTURE_STORAGE, { useValue: port<PictureStorage>((b) => b.pictures) });
  // The back office's writes.
  c.register(CATALOGUE_WRITER, {
    useValue: port<CatalogueWriter>(async (b) => {
      const { SupabaseCatalogueWriter } = await import('@/adapters/supabase/supabase-catalogue-writer');
      return new SupabaseCatalogueWriter(b.client, logger, () => undefined);
    }),
  });
  // Orders: place_order and the order functions of the database; the device keeps each order's
  // number and secret.
  c.register(ORDER_REPOSITORY, {
    useValue: port<OrderRepository>(async (b) => {
      const [{ SupabaseOrderRepository }, { PlacedOrders }] = await Promise.all([
        import('@/adapters/supabase/supabase-order-repository'),
        import('@/domain/order/placed-orders'),
      ]);
      return new SupabaseOrderRepository(b.client, new PlacedOrders(c.resolve<KeyValueStore>(KEY_VALUE_STORE), logger), logger);
    }),
  });
  // Card payments: the edge function create-checkout-session answers the provider's page for the
  // order (its number and this device's secret); the provider's webhook tells the database the outcome.
  c.register(PAYMENT_GATEWAY, {
    useValue: port<PaymentGateway>(async (b) => {
      const [{ SupabasePaymentGateway }, { PlacedOrders }] = await Promise.all([
        import('@/adapters/supabase/supabase-payment-gateway'),
        import('@/domain/order/placed-orders'),
      ]);
      return new SupabasePaymentGateway(b.client, new PlacedOrders(c.resolve<KeyValueStore>(KEY_VALUE_STORE), logger), logger);
    }),
  });
  c.register(ADMIN_AUTH_GATEWAY, { useValue: port<AdminAuthGateway>((b) => b.adminAuth) });
  // Notifications by Web Push: the browser's push subscription (made with VITE_VAPID_PUBLIC_KEY)
  // and its follows in the database, which queues what send-push delivers.
  const browser = loadOnce(() => import('@/adapters/browser/browser-notifications'));
  c.register(NOTIFICATION_PERMISSION, {
    useValue: lazyPort<NotificationPermission>(() => browser().then((m) => new m.BrowserNotificationPermission(true)), { onLoadError }),
  });
  c.register(NOTIFIER, {
    useValue: port<Notifier>(async (b) => {
      const [{ SupabaseNotifier }, { PlacedOrders }, { browserPushSubscriber }] = await Promise.all([
        import('@/adapters/supabase/supabase-notifier'),
        import('@/domain/order/placed-orders'),
        browser(),
      ]);
      const placed = new PlacedOrders(c.resolve<KeyValueStore>(KEY_VALUE_STORE), logger);
      return new SupabaseNotifier(b.client, placed, browserPushSubscriber(config.vapidPublicKey), logger);
    }),
  });
}
