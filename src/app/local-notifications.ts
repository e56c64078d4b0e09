// The local backend's notifications, in their own chunk: loaded with the first follow, or after
// the load of a page on a device that follows something (src/app/container.ts).
import type { DependencyContainer } from 'tsyringe';
import { showThroughServiceWorker } from '@/adapters/browser/browser-notifications';
import { LocalNotifier, type HeardNotification } from '@/adapters/local-notifications/local-notifier';
import { STORAGE_KEYS } from '@/domain/storage-keys';
import { CATALOGUE, type Catalogue } from '@/ports/catalogue';
import type { CatalogueChanges } from '@/ports/catalogue-changes';
import { CLOCK, type Clock } from '@/ports/clock';
import { ID_GENERATOR, type IdGenerator } from '@/ports/id-generator';
import { KEY_VALUE_STORE, type KeyValueStore } from '@/ports/key-value-store';
import { LOGGER, type Logger } from '@/ports/logger';
import type { OrderChanges } from '@/ports/order-changes';
import { ORDER_REPOSITORY, type OrderRepository } from '@/ports/order-repository';

/**
 * The follows kept on this device, and this page listening for the owner's changes made on this
 * device (the other tabs' order and catalogue changes): a change a follow waits for is shown
 * through the service worker. Every open page of the shop hears it, one at a time (the device's
 * lock); the worker shows each change once, even when a page read the follows before another
 * page's write reached it (localStorage reaches another tab's process late).
 */
export function localNotifications(
  c: DependencyContainer,
  { orderChanges, catalogueChanges, origin }: { orderChanges: OrderChanges; catalogueChanges: CatalogueChanges; origin: string },
): LocalNotifier {
  const logger = c.resolve<Logger>(LOGGER);
  const notifier = new LocalNotifier({
    store: c.resolve<KeyValueStore>(KEY_VALUE_STORE),
    clock: c.resolve<Clock>(CLOCK),
    ids: c.resolve<IdGenerator>(ID_GENERATOR),
    orders: c.resolve<OrderRepository>(ORDER_REPOSITORY),
    catalogue: c.resolve<Catalogue>(CATALOGUE),
    logger,
    // One page of this device at a time hears a change: the lock is named after the follows' key.
    exclusive: (hear) => ('locks' in navigator ? navigator.locks.request(STORAGE_KEYS.notificationFollows, hear) : hear()),
  });
  const show = (heard: Promise<HeardNotification | null>) =>
    void heard
      .then((notification) => (notification ? showThroughServiceWorker(notification, origin) : undefined))
      .catch((error: unknown) => logger.error('A notification could not be shown', error));
  orderChanges.subscribe((news) => {
    if (news.kind === 'status-changed') show(notifier.heardOrder(news.number));
  });
  catalogueChanges.subscribe((news) => {
    if (news.kind === 'saved') show(notifier.heardProduct(news.productId));
  });
  // Listening from now on: what changed before is told too.
  void notifier.heardWhileAway().then(
    (missed) => missed.forEach((notification) => show(Promise.resolve(notification))),
    (error: unknown) => logger.error('The changes made before this page listened could not be read', error),
  );
  return notifier;
}
