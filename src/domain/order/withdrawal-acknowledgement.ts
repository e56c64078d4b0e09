import type { Mail } from '@/ports/mailer';
import { REFUND_PERIOD_DAYS, returnAddress, WITHDRAWAL_PERIOD_DAYS } from '../company';
import type { Order } from './order';
import { formatCents } from '../price-format';
import { shopWeekdayAndTime } from '../shop-time';
import type { Withdrawal } from './withdrawal';

/**
 * What the buyer does next, said by the page and the mail alike. Goods that had left the shop: where
 * to send them back (the company's return address), then the refund. Before they left: nothing to
 * send back, the lines are taken off the order; a refund only if the order was paid (« à rembourser »).
 */
export function withdrawalReturnInstructions(withdrawal: Pick<Withdrawal, 'beforeShipping' | 'status'>): string {
  if (!withdrawal.beforeShipping)
    return `Renvoyez-nous ces articles au plus tard ${WITHDRAWAL_PERIOD_DAYS}\u00a0jours après cette date, à l’adresse\u00a0: ${returnAddress()}. Nous vous rembourserons dans les ${REFUND_PERIOD_DAYS}\u00a0jours, au plus tard à la réception des articles.`;
  const cancelled =
    'Ces articles ne vous ont pas encore été expédiés\u00a0: ils sont retirés de votre commande et nous ne les enverrons pas, vous n’avez rien à nous renvoyer.';
  return withdrawal.status === 'close'
    ? `${cancelled} Vous n’avez pas à les payer.`
    : `${cancelled} Nous vous rembourserons leur prix dans les ${REFUND_PERIOD_DAYS}\u00a0jours.`;
}

/**
 * The acknowledgement D. 221-5 asks for, on a durable medium (a mail): what was withdrawn (the
 * order, each line and quantity) and the date and time the buyer sent it, in Paris. The Supabase
 * edge function withdraw-from-order words the same mail (supabase/functions/withdraw-from-order).
 */
export function withdrawalAcknowledgementMail(order: Pick<Order, 'number' | 'contact' | 'lines'>, withdrawal: Withdrawal): Mail {
  // The lines were checked against the order when withdrawn (checkWithdrawnLines): each is there.
  const lines = withdrawal.lines.flatMap(({ line, quantity }) => {
    const ordered = order.lines[line];
    return ordered ? [`- ${quantity} × ${ordered.name} (${formatCents(ordered.unitPriceCents * quantity)})`] : [];
  });
  const body = [
    'Bonjour,',
    '',
    `Nous avons bien reçu votre rétractation de la commande ${order.number}, envoyée le ${shopWeekdayAndTime(withdrawal.receivedAt)} (heure de Paris), pour\u00a0:`,
    ...lines,
    '',
    withdrawalReturnInstructions(withdrawal),
    '',
    'Cet accusé de réception est à conserver.',
  ].join('\n');
  return { to: order.contact.email, subject: `Accusé de réception de votre rétractation (commande ${order.number})`, body };
}
