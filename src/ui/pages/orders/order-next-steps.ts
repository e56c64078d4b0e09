import { COMPANY, REFUND_PERIOD_DAYS } from '@/domain/company';
import type { Order } from '@/domain/order/order';
import { orderPath } from '@/domain/order/order-status';
import { formatCents } from '@/domain/price-format';

const days = (n: number | string) => `${n}\u00a0jours ouvrés`;

/**
 * What happens next to an order, in French, from its status and its path: a card order is paid
 * through the payment provider before anything else; an order paid on delivery is paid to the
 * carrier, one paid at the shop when collected.
 */
export function nextStepsOf(order: Pick<Order, 'status' | 'deliveryMethod' | 'payment' | 'totals'>): string {
  const path = orderPath(order);
  const pickup = order.deliveryMethod === 'retrait-boutique';
  const total = formatCents(order.totals.totalCents);
  const dispatch = COMPANY.shipping.dispatchWorkingDays;
  const handOver = pickup
    ? `Elle vous attendra en boutique (${COMPANY.address}) d’ici ${days(dispatch)}.`
    : `Elle sera expédiée sous ${days(dispatch)}, puis livrée en ${days(COMPANY.shipping.deliveryWorkingDays)}.`;
  switch (order.status) {
    case 'en-attente-paiement':
      return `Nous attendons la confirmation de votre paiement par carte de ${total}. Dès qu’elle nous parvient, nous préparons votre commande.`;
    case 'en-attente':
      return `Nous préparons votre commande. ${handOver} Vous réglerez ${total} ${pickup ? 'en la retirant' : 'au livreur, à la livraison'}.`;
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

/**
 * What becomes of the money of a cancelled order: a card payment accepted is given back to the
 * card (one the provider gave up was never taken); an order paid on delivery or at the shop is
 * cancelled before it is handed over, so before it is paid.
 */
function refundOf(order: Pick<Order, 'payment' | 'totals'>): string {
  const total = formatCents(order.totals.totalCents);
  return order.payment.method === 'carte'
    ? `Si votre paiement de ${total} avait été accepté, il vous est remboursé sur la carte se terminant par ${order.payment.last4}, sous ${REFUND_PERIOD_DAYS}\u00a0jours au plus.`
    : 'Vous n’aviez rien à régler avant la remise des articles\u00a0: aucun paiement ne vous est demandé.';
}
