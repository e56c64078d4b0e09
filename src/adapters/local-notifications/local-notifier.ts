import * as v from 'valibot';
import {
  endsOrderFollows,
  NOTIFICATION_MESSAGES,
  orderNotification,
  restockNotification,
  type ShopNotification,
} from '@/domain/notifications/shop-notification';
import { ORDER_STATUSES, type OrderStatus } from '@/domain/order/order-status';
import { fail, ok, type Result } from '@/domain/result';
import { STORAGE_KEYS } from '@/domain/storage-keys';
import type { Catalogue } from '@/ports/catalogue';
import type { Clock } from '@/ports/clock';
import type { IdGenerator } from '@/ports/id-generator';
import type { KeyValueStore } from '@/ports/key-value-store';
import type { Logger } from '@/ports/logger';
import type { Follow, Notifier } from '@/ports/notifier';
import type { OrderRepository } from '@/ports/order-repository';

/** An order's follow remembers the status it was last told of: a change heard twice (two tabs) tells once. */
// valibot's variant and literal are not used elsewhere: each would join the first visit's chunk
// (valibot is one module of it), so the kind is read with a picklist.
const followSchema = v.object({
  id: v.string(),
  createdAt: v.string(),
  kind: v.picklist(['order', 'product']),
  number: v.optional(v.string()),
  status: v.optional(v.picklist(ORDER_STATUSES)),
  productId: v.optional(v.string()),
  slug: v.optional(v.string()),
  name: v.optional(v.string()),
});
type StoredFollow =
  | { id: string; createdAt: string; kind: 'order'; number: string; status: OrderStatus }
  | { id: string; createdAt: string; kind: 'product'; productId: string; slug: string; name: string };

/**
 * A notification heard by a page, and `once`, what it tells (the follow and the status told): two
 * pages that heard the same change carry the same `once`, and the service worker shows it once
 * (src/sw/sw.ts), whatever either page read of the follows.
 */
export type HeardNotification = ShopNotification & { once: string };

function toFollow(raw: v.InferOutput<typeof followSchema>): StoredFollow | null {
  const { id, createdAt, number, status, productId, slug, name } = raw;
  if (raw.kind === 'order') return number && status ? { id, createdAt, kind: 'order', number, status } : null;
  return productId && slug && name ? { id, createdAt, kind: 'product', productId, slug, name } : null;
}

export interface LocalNotifierDeps {
  store: KeyValueStore;
  clock: Clock;
  ids: IdGenerator;
  /** Answers only the orders this device placed (OrderRepository.get's rule). */
  orders: Pick<OrderRepository, 'get'>;
  catalogue: Pick<Catalogue, 'list'>;
  logger: Logger;
  /**
   * Runs `hear` while no other page of this device hears a change (the browser's Web Locks), so
   * that of two tabs hearing the same change at once, the second reads the follow the first
   * updated and tells nothing. Without it, `hear` runs at once.
   */
  exclusive?: <T>(hear: () => Promise<T>) => Promise<T>;
}

/**
 * The follows kept on this device (localStorage), and what its open pages are to show when the
 * owner changes an order's status or a product's stock here (`heardOrder`, `heardProduct`, which
 * src/app calls on the cross-tab changes). The same texts and endings as the database's triggers.
 */
export class LocalNotifier implements Notifier {
  constructor(private readonly deps: LocalNotifierDeps) {}

  async followOrder(number: string): Promise<Result<boolean>> {
    const order = await this.deps.orders.get(number);
    if (!order.ok) return order.error.code === 'not-found' ? ok(false) : order;
    if (endsOrderFollows(order.value.status)) return ok(false);
    const follows = this.read();
    if (!follows.some((f) => f.kind === 'order' && f.number === number)) {
      const kept = this.write([...follows, { ...this.stamp(), kind: 'order', number, status: order.value.status }]);
      if (!kept.ok) return kept;
    }
    return ok(true);
  }

  async followProduct(productId: string): Promise<Result> {
    const found = await this.deps.catalogue.list({ ids: [productId], pageSize: 1 });
    if (!found.ok) return found;
    const product = found.value.items[0];
    if (!product) return fail('not-found', NOTIFICATION_MESSAGES.productGone);
    const follows = this.read();
    if (!follows.some((f) => f.kind === 'product' && f.productId === productId)) {
      return this.write([...follows, { ...this.stamp(), kind: 'product', productId, slug: product.slug, name: product.name }]);
    }
    return ok();
  }

  async list(): Promise<Result<readonly Follow[]>> {
    return ok(this.read().map((f): Follow => (f.kind === 'order' ? { id: f.id, createdAt: f.createdAt, kind: 'order', number: f.number } : f)));
  }

  async unfollow(followId: string): Promise<Result> {
    return this.write(this.read().filter((f) => f.id !== followId));
  }

  /** Whether anything is followed: the pages need not listen otherwise. */
  follows(): boolean {
    return this.read().length > 0;
  }

  /** An order changed: its notification when a follower has not been told of its status yet (a final one ends the follow). */
  async heardOrder(number: string): Promise<HeardNotification | null> {
    return this.exclusive(() => this.orderHeard(number));
  }

  private async orderHeard(number: string): Promise<HeardNotification | null> {
    const follow = this.read().find((f): f is Extract<StoredFollow, { kind: 'order' }> => f.kind === 'order' && f.number === number);
    if (!follow) return null;
    const order = await this.deps.orders.get(number);
    if (!order.ok || order.value.status === follow.status) return null;
    const status: OrderStatus = order.value.status;
    const rest = this.read().filter((f) => f.id !== follow.id);
    this.write(endsOrderFollows(status) ? rest : [...rest, { ...follow, status }]);
    const notification = orderNotification(number, status, order.value.deliveryMethod);
    return notification && { ...notification, once: `${follow.id}:${status}` };
  }

  /**
   * What changed while no page of this device was listening (each followed order and product
   * heard once): a page that starts listening calls it, so a change made just before is not lost.
   */
  async heardWhileAway(): Promise<HeardNotification[]> {
    const heard = await Promise.all(this.read().map((f) => (f.kind === 'order' ? this.heardOrder(f.number) : this.heardProduct(f.productId))));
    return heard.filter((notification) => notification !== null);
  }

  /** A product changed: its notification when it is followed and back in stock (the follow ends). */
  async heardProduct(productId: string): Promise<HeardNotification | null> {
    return this.exclusive(() => this.productHeard(productId));
  }

  private async productHeard(productId: string): Promise<HeardNotification | null> {
    const follow = this.read().find((f) => f.kind === 'product' && f.productId === productId);
    if (!follow) return null;
    const found = await this.deps.catalogue.list({ ids: [productId], pageSize: 1 });
    const product = found.ok ? found.value.items[0] : undefined;
    if (!product || product.stock <= 0) return null;
    this.write(this.read().filter((f) => !(f.kind === 'product' && f.productId === productId)));
    return { ...restockNotification(product), once: follow.id };
  }

  private exclusive<T>(hear: () => Promise<T>): Promise<T> {
    return this.deps.exclusive ? this.deps.exclusive(hear) : hear();
  }

  private stamp() {
    return { id: this.deps.ids.next(), createdAt: new Date(this.deps.clock.now()).toISOString() };
  }

  private read(): StoredFollow[] {
    const text = this.deps.store.get(STORAGE_KEYS.notificationFollows);
    if (text === null) return [];
    try {
      const parsed: unknown = JSON.parse(text);
      if (!Array.isArray(parsed)) throw new Error('not a list');
      return parsed.flatMap((item, index) => {
        const follow = v.safeParse(followSchema, item);
        const read = follow.success ? toFollow(follow.output) : null;
        if (!read) this.deps.logger.warn(`Ignoring invalid stored follow at index ${index} of "${STORAGE_KEYS.notificationFollows}"`, item);
        return read ? [read] : [];
      });
    } catch (error) {
      this.deps.logger.warn(`Unreadable "${STORAGE_KEYS.notificationFollows}" ignored: nothing is followed`, error);
      return [];
    }
  }

  /** A storage that refuses (full, private mode) keeps nothing: the shopper is told. */
  private write(follows: readonly StoredFollow[]): Result {
    const written = this.deps.store.set(STORAGE_KEYS.notificationFollows, JSON.stringify(follows));
    if (written.ok) return ok();
    this.deps.logger.error('The notifications followed could not be saved', written.error);
    return fail('storage-write-failed', NOTIFICATION_MESSAGES.notKept);
  }
}
