import { type OutgoingMail, paragraphs } from '../_shared/mail.ts';

/** An order as public.order_document writes it: what the acknowledgement needs of it. */
export interface WithdrawnOrder {
  number: string;
  email: string;
  lines: { name: string; unitPrice: number; quantity: number }[] | null;
  withdrawal: { receivedAt: string; lines: { line: number; quantity: number }[] } | null;
}

const euros = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' });
const dayAndTime = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'full', timeStyle: 'short', timeZone: 'Europe/Paris' });

/**
 * The acknowledgement D. 221-5 asks for (décret n° 2026-3): the order, each line withdrawn and the
 * date and time in Paris; worded as the local shop's withdrawalAcknowledgementMail
 * (src/domain/order/withdrawal-acknowledgement.ts).
 */
export function acknowledgementMail(order: WithdrawnOrder): OutgoingMail {
  const withdrawal = order.withdrawal!;
  const lines = withdrawal.lines.flatMap(({ line, quantity }) => {
    const ordered = order.lines?.[line];
    return ordered ? [`- ${quantity} × ${ordered.name} (${euros.format(Math.round(ordered.unitPrice * 100 * quantity) / 100)})`] : [];
  });
  const text = [
    'Bonjour,',
    '',
    `Nous avons bien reçu votre rétractation de la commande ${order.number}, envoyée le ${dayAndTime.format(new Date(withdrawal.receivedAt))} (heure de Paris), pour\u00a0:`,
    ...lines,
    '',
    'Renvoyez-nous ces articles au plus tard 14 jours après cette date. Nous vous rembourserons dans les 14 jours, au plus tard à la réception des articles.',
    '',
    'Cet accusé de réception est à conserver.',
  ].join('\n');
  return { to: order.email, subject: `Accusé de réception de votre rétractation (commande ${order.number})`, text, html: paragraphs(text) };
}
