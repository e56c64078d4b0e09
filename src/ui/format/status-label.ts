import { ORDER_STATUS_LABELS, statusLabelOf, type OrderStatus, type PathOf } from '@/domain/order/order-status';

/** « Articles retournés »: a label of the domain (lower case, as a sentence uses it) starting a cell or a line. */
export const capitalized = (label: string): string => label.charAt(0).toUpperCase() + label.slice(1);

/**
 * « Payée », « Livrée et payée », « Retirée et payée »: an order's status as its path names it,
 * as a cell, a line or the order's page shows it.
 */
export function statusLabel(order: PathOf & { status: OrderStatus }): string {
  return capitalized(statusLabelOf(order));
}

/** « En attente de paiement »: a status by itself, as the list's filter offers it (any order's path). */
export function statusOptionLabel(status: OrderStatus): string {
  return capitalized(ORDER_STATUS_LABELS[status]);
}

/** « livrée et payée »: an order's status between French quotes, as a sentence names it. */
export function quotedStatus(order: PathOf & { status: OrderStatus }): string {
  return `«\u202f${statusLabelOf(order)}\u202f»`;
}
