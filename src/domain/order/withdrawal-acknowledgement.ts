import type { Mail } from '@/ports/mailer';
import type { Order } from './order';
import { formatCents } from '../price-format';
import { shopWeekdayAndTime } from '../shop-time';
import type { Withdrawal } from './withdrawal';

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
    'Renvoyez-nous ces articles au plus tard 14 jours après cette date. Nous vous rembourserons dans les 14 jours, au plus tard à la réception des articles.',
    '',
    'Cet accusé de réception est à conserver.',
  ].join('\n');
  return { to: order.contact.email, subject: `Accusé de réception de votre rétractation (commande ${order.number})`, body };
}
