import { fail, ok, type Result } from '../result';
import type { DeliveryMethod } from './order-constants';
import type { PaymentMethod } from './payment';

/** An order's statuses, as stored (orders.status). */
export const ORDER_STATUSES = ['en-attente-paiement', 'en-attente', 'payee', 'prete', 'expediee', 'livree', 'retiree', 'annulee'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const ORDER_STATUS_LABELS: Readonly<Record<OrderStatus, string>> = {
  'en-attente-paiement': 'en attente de paiement',
  'en-attente': 'en attente',
  payee: 'payée',
  prete: 'prête à retirer',
  expediee: 'expédiée',
  livree: 'livrée',
  retiree: 'retirée',
  annulee: 'annulée',
};

/**
 * The four ways an order goes, from how it is paid and delivered:
 * - `carte-envoi`: paid by card through the provider, then shipped (home or relay point);
 * - `carte-retrait`: paid by card, then collected at the shop;
 * - `livraison`: « Paiement à la livraison », paid to the carrier when delivered;
 * - `retrait`: « Paiement au retrait », paid at the shop when collected.
 */
export const ORDER_PATHS = ['carte-envoi', 'carte-retrait', 'livraison', 'retrait'] as const;
export type OrderPath = (typeof ORDER_PATHS)[number];

/** Who makes a step: the payment provider (on Supabase its webhook, never the browser) or the owner (the back office). */
export type StatusActor = 'provider' | 'owner';

export interface StatusStep {
  from: OrderStatus;
  to: OrderStatus;
  by: StatusActor;
}

const step = (from: OrderStatus, to: OrderStatus, by: StatusActor): StatusStep => ({ from, to, by });

/**
 * Every status change there is, path by path. A card order waits for its payment, which only the
 * provider confirms (« payée ») or gives up (« annulée »: the session expired or the payment
 * failed); the owner then ships it or makes it ready at the shop. An order paid on delivery is
 * shipped unpaid and becomes « livrée » when the carrier has been paid; one paid at the shop is
 * made ready, then « retirée » when collected and paid. The owner may cancel anything that has not
 * left the shop. On Supabase the database holds the same table (a change outside it is refused).
 */
export const ORDER_STEPS: Readonly<Record<OrderPath, readonly StatusStep[]>> = {
  'carte-envoi': [
    step('en-attente-paiement', 'payee', 'provider'),
    step('en-attente-paiement', 'annulee', 'provider'),
    step('payee', 'expediee', 'owner'),
    step('payee', 'annulee', 'owner'),
    step('expediee', 'livree', 'owner'),
  ],
  'carte-retrait': [
    step('en-attente-paiement', 'payee', 'provider'),
    step('en-attente-paiement', 'annulee', 'provider'),
    step('payee', 'prete', 'owner'),
    step('payee', 'annulee', 'owner'),
    step('prete', 'retiree', 'owner'),
    step('prete', 'annulee', 'owner'),
  ],
  livraison: [step('en-attente', 'expediee', 'owner'), step('en-attente', 'annulee', 'owner'), step('expediee', 'livree', 'owner')],
  retrait: [step('en-attente', 'prete', 'owner'), step('en-attente', 'annulee', 'owner'), step('prete', 'retiree', 'owner'), step('prete', 'annulee', 'owner')],
};

/** What an order's path depends on. */
export interface PathOf {
  payment: { method: PaymentMethod };
  deliveryMethod: DeliveryMethod;
}

export function orderPath({ payment, deliveryMethod }: PathOf): OrderPath {
  const collected = deliveryMethod === 'retrait-boutique';
  if (payment.method === 'carte') return collected ? 'carte-retrait' : 'carte-envoi';
  return collected ? 'retrait' : 'livraison';
}

/** The status an order starts with: a card order waits for the provider; any other for the owner. */
export function initialStatusOf(method: PaymentMethod): OrderStatus {
  return method === 'carte' ? 'en-attente-paiement' : 'en-attente';
}

/**
 * Whether the order has been paid: a card order once the provider confirmed it (and until it is
 * cancelled), an order paid on delivery once « livrée », one paid at the shop once « retirée ».
 */
export function isPaid(order: PathOf & { status: OrderStatus }): boolean {
  switch (orderPath(order)) {
    case 'carte-envoi':
    case 'carte-retrait':
      return ['payee', 'prete', 'expediee', 'livree', 'retiree'].includes(order.status);
    case 'livraison':
      return order.status === 'livree';
    case 'retrait':
      return order.status === 'retiree';
  }
}

/** The goods are in the buyer's hands (the withdrawal period runs from then): delivered or collected. */
export function isHandedOver(status: OrderStatus): boolean {
  return status === 'livree' || status === 'retiree';
}

/** The goods have left the shop: shipped, delivered or collected. */
export function hasLeftTheShop(status: OrderStatus): boolean {
  return status === 'expediee' || isHandedOver(status);
}

/**
 * The status as the order's path names it: paid when handed over, for what is paid on delivery
 * or at the shop (« livrée et payée », « retirée et payée »).
 */
export function statusLabelOf(order: PathOf & { status: OrderStatus }): string {
  const path = orderPath(order);
  if ((path === 'livraison' && order.status === 'livree') || (path === 'retrait' && order.status === 'retiree'))
    return `${ORDER_STATUS_LABELS[order.status]} et payée`;
  return ORDER_STATUS_LABELS[order.status];
}

/**
 * An order that becomes « annulée » has not left the shop: its units go back to the stock, in the
 * same step as the status change. The database does the same (trigger orders_restock_on_cancel).
 */
export function givesStockBack(to: OrderStatus): boolean {
  return to === 'annulee';
}

/**
 * A status saved before statuses went by path, as its path names it now (the database's
 * migration 20261128110000_order_paths.sql maps its rows the same way): an order paid on delivery
 * or at the shop marked « payée » was not paid yet (« en attente »); a pickup « expédiée » was
 * « prête », « livrée » « retirée ». Any other status is as saved.
 */
export function statusOnItsPath(order: PathOf & { status: OrderStatus }): OrderStatus {
  const path = orderPath(order);
  if ((path === 'livraison' || path === 'retrait') && order.status === 'payee') return 'en-attente';
  if (path === 'retrait' || path === 'carte-retrait') {
    if (order.status === 'expediee') return 'prete';
    if (order.status === 'livree') return 'retiree';
  }
  return order.status;
}

export function isOrderStatus(value: unknown): value is OrderStatus {
  return typeof value === 'string' && (ORDER_STATUSES as readonly string[]).includes(value);
}

/** The steps `by` may take from the order's status (the back office's buttons, for the owner). */
export function nextSteps(order: PathOf & { status: OrderStatus }, by: StatusActor = 'owner'): readonly OrderStatus[] {
  return ORDER_STEPS[orderPath(order)].filter((s) => s.from === order.status && s.by === by).map((s) => s.to);
}

const quoted = (status: OrderStatus) => `«\u202f${ORDER_STATUS_LABELS[status]}\u202f»`;

export const ORDER_STATUS_MESSAGES = {
  same: (status: OrderStatus) => `La commande est déjà ${quoted(status)}.`,
  final: (status: OrderStatus) => `Une commande ${quoted(status)} ne change plus de statut.`,
  refused: (from: OrderStatus, to: OrderStatus) => `Une commande ${quoted(from)} ne peut pas passer à ${quoted(to)}.`,
  provider: 'Seul le prestataire de paiement confirme ou abandonne le paiement d’une commande par carte.',
} as const;

/** `to` when the order's path lets `by` take that step from its status; otherwise the French reason. */
export function checkStatusChange(order: PathOf & { status: OrderStatus }, to: OrderStatus, by: StatusActor = 'owner'): Result<OrderStatus> {
  const from = order.status;
  const steps = ORDER_STEPS[orderPath(order)];
  const found = steps.find((s) => s.from === from && s.to === to);
  if (found && found.by === by) return ok(to);
  if (found) return fail('invalid-status-change', ORDER_STATUS_MESSAGES.provider);
  if (from === to) return fail('invalid-status-change', ORDER_STATUS_MESSAGES.same(from));
  if (!steps.some((s) => s.from === from)) return fail('invalid-status-change', ORDER_STATUS_MESSAGES.final(from));
  return fail('invalid-status-change', ORDER_STATUS_MESSAGES.refused(from, to));
}
