import { type OutgoingMail, paragraphs } from '../_shared/mail.ts';
import { formatPrice, SHOP_TIME_ZONE, withdrawalReturnInstructions } from '../_shared/shop-facts.ts';

/** An order as public.order_document writes it: what the acknowledgement needs of it. */
export interface WithdrawnOrder {
  number: string;
  email: string;
  lines: { name: string; unitPrice: number; quantity: number }[] | null;
  /** Oldest first: the newest is the one just recorded. */
  withdrawals: { number: number; receivedAt: string; lines: { line: number; quantity: number }[]; beforeShipping: boolean; status: string }[] | null;
}

const dayAndTime = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'full', timeStyle: 'short', timeZone: SHOP_TIME_ZONE });

/**
 * The acknowledgement D. 221-5 asks for (décret n° 2026-3) of `withdrawal`: the order, each line
 * withdrawn and the date and time in Paris; worded as the local shop's withdrawalAcknowledgementMail
 * (src/domain/order/withdrawal-acknowledgement.ts).
 */
export function acknowledgementMail(order: WithdrawnOrder, withdrawal: NonNullable<WithdrawnOrder['withdrawals']>[number]): OutgoingMail {
  const lines = withdrawal.lines.flatMap(({ line, quantity }) => {
    const ordered = order.lines?.[line];
    return ordered ? [`- ${quantity} × ${ordered.name} (${formatPrice(Math.round(ordered.unitPrice * 100 * quantity) / 100)})`] : [];
  });
  const text = [
    'Bonjour,',
    '',
    `Nous avons bien reçu votre rétractation de la commande ${order.number}, envoyée le ${dayAndTime.format(new Date(withdrawal.receivedAt))} (heure de Paris), pour\u00a0:`,
    ...lines,
    '',
    withdrawalReturnInstructions(withdrawal),
    '',
    'Cet accusé de réception est à conserver.',
  ].join('\n');
  return { to: order.email, subject: `Accusé de réception de votre rétractation (commande ${order.number})`, text, html: paragraphs(text) };
}
