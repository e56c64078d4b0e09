import type { Result } from '@/domain/result';
import { token } from './token';

/** Something this device follows, as the « Notifications » page lists it. */
export type Follow =
  | { id: string; createdAt: string; kind: 'order'; number: string }
  | { id: string; createdAt: string; kind: 'product'; productId: string; slug: string; name: string };

/**
 * What this device asked to be told of: an order's progress, a sold-out product's return.
 * Locally: the follows are kept on this device, and its open pages show the notification when the
 * owner changes a status or a stock here; with Supabase: the browser's push subscription and its
 * follows in the database (push_subscribe, push_follow_order, …: docs/supabase.md), which queues
 * what send-push delivers. The browser's permission is asked before (the use cases): a port's
 * call never asks it.
 * - `followOrder` answers false, following nothing, for an order this device did not place
 *   (it keeps no secret for it) or whose status is final (« livrée », « annulée »).
 * - `followProduct` follows a product of the catalogue; its follow ends with its notification.
 * - `list` answers the follows oldest first; following twice lists once.
 * - `unfollow` ends one follow (this device's only).
 */
export interface Notifier {
  followOrder(number: string): Promise<Result<boolean>>;
  followProduct(productId: string): Promise<Result>;
  list(): Promise<Result<readonly Follow[]>>;
  unfollow(followId: string): Promise<Result>;
}

export const NOTIFIER = token<Notifier>('Notifier');
