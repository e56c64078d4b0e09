import type { Order } from '@/domain/order/order';
import { DELIVERY_METHOD_LABELS } from '@/domain/order/order-constants';
import { ORDER_STATUS_LABELS, type OrderStatus } from '@/domain/order/order-status';

const day = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'long', timeZone: 'Europe/Paris' });
const dayAndTime = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'long', timeStyle: 'short', timeZone: 'Europe/Paris' });

/** « 23 novembre 2026 », in Paris. */
export function formatOrderDay(iso: string): string {
  return day.format(new Date(iso));
}

/** « 23 novembre 2026 à 10:00 », in Paris. */
export function formatOrderTime(iso: string): string {
  return dayAndTime.format(new Date(iso));
}

/** « Payée », « En attente »… */
export function statusLabel(status: OrderStatus): string {
  const label = ORDER_STATUS_LABELS[status];
  return label.charAt(0).toUpperCase() + label.slice(1);
}

/** Newest first, whatever order the repository answered in. */
export function newestFirst(orders: readonly Order[]): readonly Order[] {
  return [...orders].sort((a, b) => Date.parse(b.placedAt) - Date.parse(a.placedAt) || b.number.localeCompare(a.number));
}

/** How an order is delivered, on one line: « Retrait en boutique », « Point relais : Tabac de la Roquette, Paris »… */
export function deliverySummary(order: Pick<Order, 'deliveryMethod' | 'relayPoint'>): string {
  const label = DELIVERY_METHOD_LABELS[order.deliveryMethod];
  return order.deliveryMethod === 'point-relais' && order.relayPoint ? `${label}\u00a0: ${order.relayPoint.name}, ${order.relayPoint.city}` : label;
}
