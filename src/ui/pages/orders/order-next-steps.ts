import { COMPANY, REFUND_PERIOD_DAYS } from '@/domain/company';
import type { Order } from '@/domain/order/order';
import { dueTotals } from '@/domain/order/withdrawn-order';
import { formatCents } from '@/domain/price-format';

/** Why a card order was cancelled before it was paid: the provider's session expired, or the payment failed. */
const PAYMENT_GIVEN_UP = 'Le délai de paiement a expiré, ou le paiement n’a pas abouti\u00a0: rien n’a été débité, et les articles ont été remis en vente.';

const days = (n: number | string) => `${n}\u00a0jours ouvrés`;

/** What happens next to an order, in French, from its status, delivery and payment. */
export function nextStepsOf(order: Pick<Order, 'status' | 'deliveryMethod' | 'payment' | 'totals' | 'lines' | 'withdrawals'>): string {
  const pickup = order.deliveryMethod === 'retrait-boutique';
  const dispatch = COMPANY.shipping.dispatchWorkingDays;
  const handOver = pickup
    ? `Elle vous attendra en boutique (${COMPANY.address}) d’ici ${days(dispatch)}.`
    : `Elle sera expédiée sous ${days(dispatch)}, puis livrée en ${days(COMPANY.shipping.deliveryWorkingDays)}.`;
  switch (order.status) {
    case 'en-attente-paiement':
      return 'Nous attendons la confirmation de votre paiement.';
    case 'en-attente':
      return `Nous préparons votre commande. ${handOver} ${payLater(order, pickup ? 'au retrait' : 'à la livraison')}`;
    case 'payee':
      return `Votre paiement est accepté et nous préparons votre commande. ${handOver}`;
    case 'prete':
      return `Votre commande vous attend en boutique (${COMPANY.address}).`;
    case 'expediee':
      return 'Votre commande est en route.';
    case 'livree':
      return 'Votre commande a été livrée. Merci de votre confiance.';
    case 'retiree':
      return 'Vous avez retiré votre commande. Merci de votre visite.';
    case 'annulee':
      return `Cette commande a été annulée. ${refundOf(order)} Pour toute question, écrivez-nous.`;
  }
}

/** What is paid on delivery or at the shop: the order's total, or what remains of it after a withdrawal before shipping. */
function payLater(order: Pick<Order, 'totals' | 'lines' | 'withdrawals'>, when: string): string {
  const due = dueTotals(order);
  return due === order.totals
    ? `Vous la réglerez ${when}.`
    : `Vous réglerez ${formatCents(due.totalCents)} ${when}\u00a0: les articles dont vous vous êtes rétracté n’y sont plus comptés.`;
}

/**
 * What becomes of the money of a cancelled order: a card payment is given back to the card; an
 * order paid on delivery may not have been paid (its status does not say whether it was).
 */
function refundOf(order: Pick<Order, 'payment' | 'totals'>): string {
  const total = formatCents(order.totals.totalCents);
  const { payment } = order;
  if (payment.method === 'a-la-livraison') return `Si vous l’aviez déjà réglée, nous vous remboursons ${total} sous ${REFUND_PERIOD_DAYS}\u00a0jours au plus.`;
  // A card order the provider never confirmed was cancelled by the provider: nothing was debited.
  if (payment.reference === null) return PAYMENT_GIVEN_UP;
  const card = payment.last4 ? `la carte se terminant par ${payment.last4}` : 'votre carte';
  return `Votre paiement de ${total} vous est remboursé sur ${card}, sous ${REFUND_PERIOD_DAYS}\u00a0jours au plus.`;
}
