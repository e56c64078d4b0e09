import { COMPANY, REFUND_PERIOD_DAYS } from '@/domain/company';
import type { Order } from '@/domain/order/order';
import { dueTotals } from '@/domain/order/withdrawn-order';
import { orderPath } from '@/domain/order/order-status';
import { formatCents } from '@/domain/price-format';

/** Why a card order was cancelled before it was paid: the provider's session expired, or the payment failed. */
const PAYMENT_GIVEN_UP = 'Le délai de paiement a expiré, ou le paiement n’a pas abouti\u00a0: rien n’a été débité, et les articles ont été remis en vente.';

const days = (n: number | string) => `${n}\u00a0jours ouvrés`;

/**
 * What happens next to an order, in French, from its status and its path: a card order is paid
 * through the payment provider before anything else; an order paid on delivery is paid to the
 * carrier, one paid at the shop when collected.
 */
export function nextStepsOf(order: Pick<Order, 'status' | 'deliveryMethod' | 'payment' | 'totals' | 'lines' | 'withdrawals'>): string {
  const path = orderPath(order);
  const pickup = order.deliveryMethod === 'retrait-boutique';
  // What the order still comes to: lines withdrawn before shipping are not paid.
  const total = formatCents(dueTotals(order).totalCents);
  const dispatch = COMPANY.shipping.dispatchWorkingDays;
  const handOver = pickup
    ? `Elle vous attendra en boutique (${COMPANY.address}) d’ici ${days(dispatch)}.`
    : `Elle sera expédiée sous ${days(dispatch)}, puis livrée en ${days(COMPANY.shipping.deliveryWorkingDays)}.`;
  switch (order.status) {
    case 'en-attente-paiement':
      return `Nous attendons la confirmation de votre paiement par carte de ${total}. Dès qu’elle nous parvient, nous préparons votre commande.`;
    case 'en-attente':
      return `Nous préparons votre commande. ${handOver} ${payLater(order, pickup ? 'en la retirant' : 'au livreur, à la livraison')}`;
    case 'payee':
      return `Votre paiement est accepté et nous préparons votre commande. ${handOver}`;
    case 'prete':
      return path === 'retrait'
        ? `Votre commande vous attend en boutique (${COMPANY.address}). Vous réglerez ${total} en la retirant.`
        : `Votre commande, déjà payée, vous attend en boutique (${COMPANY.address}).`;
    case 'expediee':
      return path === 'livraison' ? `Votre commande est en route. Vous réglerez ${total} au livreur, à la livraison.` : 'Votre commande est en route.';
    case 'livree':
      return path === 'livraison'
        ? 'Votre commande a été livrée et payée. Merci de votre confiance.'
        : 'Votre commande a été livrée. Merci de votre confiance.';
    case 'retiree':
      return path === 'retrait' ? 'Vous avez retiré et payé votre commande. Merci de votre visite.' : 'Vous avez retiré votre commande. Merci de votre visite.';
    case 'annulee':
      return `Cette commande a été annulée. ${refundOf(order)} Pour toute question, écrivez-nous.`;
  }
}

/** What is paid on delivery or at the shop: the order's total, or what remains of it after a withdrawal before shipping. */
function payLater(order: Pick<Order, 'totals' | 'lines' | 'withdrawals'>, when: string): string {
  const due = dueTotals(order);
  return due === order.totals
    ? `Vous réglerez ${formatCents(due.totalCents)} ${when}.`
    : `Vous réglerez ${formatCents(due.totalCents)} ${when}\u00a0: les articles dont vous vous êtes rétracté n’y sont plus comptés.`;
}

/**
 * What becomes of the money of a cancelled order: a card payment accepted is given back to the
 * card (one the provider gave up was never taken); an order paid on delivery or at the shop is
 * cancelled before it is handed over, so before it is paid.
 */
function refundOf(order: Pick<Order, 'payment' | 'totals'>): string {
  const total = formatCents(order.totals.totalCents);
  const { payment } = order;
  if (payment.method === 'a-la-livraison') return 'Vous n’aviez rien à régler avant la remise des articles\u00a0: aucun paiement ne vous est demandé.';
  // A card order the provider never confirmed was cancelled by the provider: nothing was debited.
  if (payment.reference === null) return PAYMENT_GIVEN_UP;
  const card = payment.last4 ? `la carte se terminant par ${payment.last4}` : 'votre carte';
  return `Votre paiement de ${total} vous est remboursé sur ${card}, sous ${REFUND_PERIOD_DAYS}\u00a0jours au plus.`;
}
