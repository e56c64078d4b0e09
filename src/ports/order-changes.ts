import { token } from './token';

/** An order that was placed, or whose status changed. */
export interface OrderChange {
  /** The order's number, CMD-AAAA-NNNNNN. */
  number: string;
  kind: 'placed' | 'status-changed';
}

/**
 * The connection that brings the changes dropped and came back: whatever changed meanwhile was
 * not heard, so a listener reads everything again. Only a remote backend says it.
 */
export interface OrderChangesMissed {
  kind: 'missed';
}

/** What a subscriber hears: one order's change, or that some may have been missed. */
export type OrderNews = OrderChange | OrderChangesMissed;

/**
 * Tells the open pages of the back office that orders changed (a new order, a status moved),
 * so the orders list, an order's page and the dashboard fetch again without a reload. Locally:
 * between the tabs of this browser (a BroadcastChannel; the local OrderRepository announces);
 * with Supabase: a Realtime channel on `orders`, which applies row-level security, so only a
 * signed-in admin hears of an order (spec §9: heartbeat 25 s, timeout 10 s).
 */
export interface OrderChanges {
  /** `listener` is called for every change from now on; the function returned stops it. */
  subscribe(listener: (news: OrderNews) => void): () => void;
}

export const ORDER_CHANGES = token<OrderChanges>('OrderChanges');
