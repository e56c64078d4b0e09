import type { SupabaseClient } from '@supabase/supabase-js';
import * as v from 'valibot';
import { NOTIFICATION_MESSAGES } from '@/domain/notifications/shop-notification';
import type { PlacedOrders } from '@/domain/order/placed-orders';
import { fail, ok, type Result } from '@/domain/result';
import type { Logger } from '@/ports/logger';
import type { Follow, Notifier } from '@/ports/notifier';
import { backendError } from './supabase-errors';

/** A browser's push subscription, as PushSubscription.toJSON() gives it. */
export interface PushEndpoint {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** The browser's push subscription: `renew` drops the one it has and makes another (a new endpoint). Rejects when the browser cannot. */
export type PushSubscriber = (renew: boolean) => Promise<PushEndpoint>;

const ID_PATTERN = /^[1-9]\d{0,17}$/;
const TAKEN = '23505';
const REFUSED = '42501';

const followSchema = v.object({
  id: v.number(),
  createdAt: v.string(),
  order: v.nullish(v.string()),
  productId: v.nullish(v.number()),
  productSlug: v.nullish(v.string()),
  productName: v.nullish(v.string()),
});

/**
 * Follows on Supabase (docs/supabase.md, « Push notifications »): the browser's push subscription
 * saved for the session's user (an anonymous one made first if the device has none, as for an
 * order), then the follow; the database queues the notifications and send-push delivers them. An
 * endpoint another user holds (23505: this device's anonymous session was replaced) is renewed
 * once. The order's secret comes from this device's placed orders.
 */
export class SupabaseNotifier implements Notifier {
  constructor(
    private readonly client: SupabaseClient,
    private readonly placed: PlacedOrders,
    private readonly subscribe: PushSubscriber,
    private readonly logger: Logger,
  ) {}

  async followOrder(number: string): Promise<Result<boolean>> {
    const subscription = await this.subscription();
    if (!subscription.ok) return subscription;
    const secret = this.placed.secretOf(number);
    const { data, error, status } = await this.client.rpc('push_follow_order', { subscription: subscription.value, number, secret });
    if (error) return this.failure('following an order', error, status);
    return ok(data === true);
  }

  async followProduct(productId: string): Promise<Result> {
    if (!ID_PATTERN.test(productId)) return fail('not-found', NOTIFICATION_MESSAGES.productGone);
    const subscription = await this.subscription();
    if (!subscription.ok) return subscription;
    const { error, status } = await this.client.rpc('push_follow_product', { subscription: subscription.value, product: Number(productId) });
    // An unpublished or unknown product: the INSERT's policy refuses (or its foreign key).
    if (error?.code === REFUSED || error?.code === '23503') return fail('not-found', NOTIFICATION_MESSAGES.productGone);
    if (error) return this.failure('following a product', error, status);
    return ok();
  }

  async list(): Promise<Result<readonly Follow[]>> {
    if (!(await this.hasSession())) return ok([]);
    const { data, error, status } = await this.client.rpc('my_push_follows');
    if (error) return this.failure('reading the follows', error, status);
    const parsed = v.safeParse(v.array(followSchema), data);
    if (!parsed.success) {
      this.logger.error('Supabase: my_push_follows answered an unexpected shape', parsed.issues);
      return this.failure('reading the follows', { message: 'unexpected shape' }, 200);
    }
    return ok(
      parsed.output.flatMap((f): Follow[] => {
        const base = { id: String(f.id), createdAt: f.createdAt };
        if (f.order) return [{ ...base, kind: 'order', number: f.order }];
        if (f.productId != null && f.productSlug && f.productName) {
          return [{ ...base, kind: 'product', productId: String(f.productId), slug: f.productSlug, name: f.productName }];
        }
        return [];
      }),
    );
  }

  async unfollow(followId: string): Promise<Result> {
    if (!ID_PATTERN.test(followId)) return ok();
    const { error, status } = await this.client.rpc('push_unfollow', { follow: Number(followId) });
    if (error) return this.failure('ending a follow', error, status);
    return ok();
  }

  /** This browser's subscription id for the session's user, saved (or found again) by push_subscribe. */
  private async subscription(): Promise<Result<number>> {
    if (!(await this.ensureSession())) return this.failure('signing in anonymously', { code: REFUSED }, 401);
    for (const renew of [false, true]) {
      let endpoint: PushEndpoint;
      try {
        endpoint = await this.subscribe(renew);
      } catch (error) {
        this.logger.error('The browser could not subscribe to push messages', error);
        return fail('notifications-unsupported', NOTIFICATION_MESSAGES.unsupported);
      }
      const { data, error, status } = await this.client.rpc('push_subscribe', { ...endpoint });
      if (error?.code === TAKEN && !renew) continue;
      if (error) return this.failure('subscribing to push messages', error, status);
      return ok(Number(data));
    }
    return this.failure('subscribing to push messages', { code: TAKEN }, 409);
  }

  private async hasSession(): Promise<boolean> {
    try {
      return (await this.client.auth.getSession()).data.session !== null;
    } catch (error) {
      this.logger.warn('Supabase: the session could not be read', error);
      return false;
    }
  }

  /** The device's session, else a new anonymous user's: a follow is its user's. */
  private async ensureSession(): Promise<boolean> {
    if (await this.hasSession()) return true;
    try {
      const { error } = await this.client.auth.signInAnonymously();
      if (error) this.logger.warn('Supabase: no anonymous session; nothing can be followed', error);
      return !error;
    } catch (error) {
      this.logger.warn('Supabase: no anonymous session; nothing can be followed', error);
      return false;
    }
  }

  private failure(what: string, error: unknown, status?: number) {
    const failure = backendError(this.logger, what, error, status);
    return fail(failure.code, failure.message);
  }
}
