import { fail, ok, type Result } from '../result';

/** An order's statuses, as stored (orders.status). */
export const ORDER_STATUSES = ['en-attente', 'payee', 'expediee', 'livree', 'annulee'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const ORDER_STATUS_LABELS: Readonly<Record<OrderStatus, string>> = {
  'en-attente': 'en attente',
  payee: 'payée',
  expediee: 'expédiée',
  livree: 'livrée',
  annulee: 'annulée',
};

/**
 * The only status changes there are: waiting → paid or cancelled; paid → shipped or cancelled;
 * shipped → delivered; delivered and cancelled are final. On Supabase the database holds the
 * same table (a status change outside it is refused there too).
 */
export const ORDER_TRANSITIONS: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  'en-attente': ['payee', 'annulee'],
  payee: ['expediee', 'annulee'],
  expediee: ['livree'],
  livree: [],
  annulee: [],
};

/**
 * An order that becomes « annulée » has not left the shop (only « en attente » and « payée »
 * may be cancelled): its units go back to the stock, in the same step as the status change.
 * The database does the same (trigger orders_restock_on_cancel).
 */
export function givesStockBack(to: OrderStatus): boolean {
  return to === 'annulee';
}

export function isOrderStatus(value: unknown): value is OrderStatus {
  return typeof value === 'string' && (ORDER_STATUSES as readonly string[]).includes(value);
}

/** The statuses an order in `from` may move to (the back office's buttons). */
export function nextStatuses(from: OrderStatus): readonly OrderStatus[] {
  return ORDER_TRANSITIONS[from];
}

export function canChangeStatus(from: OrderStatus, to: OrderStatus): boolean {
  return ORDER_TRANSITIONS[from].includes(to);
}

const quoted = (status: OrderStatus) => `«\u202f${ORDER_STATUS_LABELS[status]}\u202f»`;

export const ORDER_STATUS_MESSAGES = {
  same: (status: OrderStatus) => `La commande est déjà ${quoted(status)}.`,
  final: (status: OrderStatus) => `Une commande ${quoted(status)} ne change plus de statut.`,
  refused: (from: OrderStatus, to: OrderStatus) => `Une commande ${quoted(from)} ne peut pas passer à ${quoted(to)}.`,
} as const;

/** `to` when the table allows it from `from`; otherwise the French reason. */
export function checkStatusChange(from: OrderStatus, to: OrderStatus): Result<OrderStatus> {
  if (canChangeStatus(from, to)) return ok(to);
  if (from === to) return fail('invalid-status-change', ORDER_STATUS_MESSAGES.same(from));
  if (ORDER_TRANSITIONS[from].length === 0) return fail('invalid-status-change', ORDER_STATUS_MESSAGES.final(from));
  return fail('invalid-status-change', ORDER_STATUS_MESSAGES.refused(from, to));
}
