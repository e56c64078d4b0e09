import { ORDER_STATUS_LABELS, type OrderStatus } from '@/domain/order/order-status';

/** « Articles retournés »: a label of the domain (lower case, as a sentence uses it) starting a cell or a line. */
export const capitalized = (label: string): string => label.charAt(0).toUpperCase() + label.slice(1);

/** « Payée », « En attente »: an order's status as a cell, an option or the order's page shows it. */
export function statusLabel(status: OrderStatus): string {
  return capitalized(ORDER_STATUS_LABELS[status]);
}
