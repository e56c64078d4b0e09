import type { Order } from '@/domain/order/order';
import { DELIVERY_METHOD_LABELS } from '@/domain/order/order-constants';

/** How an order is delivered, on one line: « Retrait en boutique », « Point relais : Tabac de la Roquette, Paris »… */
export function deliverySummary(order: Pick<Order, 'deliveryMethod' | 'relayPoint'>): string {
  const label = DELIVERY_METHOD_LABELS[order.deliveryMethod];
  return order.deliveryMethod === 'point-relais' && order.relayPoint ? `${label}\u00a0: ${order.relayPoint.name}, ${order.relayPoint.city}` : label;
}
