import type { Mail } from '@/ports/mailer';
import { COMPANY, REFUND_PERIOD_DAYS, returnAddress, WITHDRAWAL_PERIOD_DAYS } from '../company';
import { mailHtml, mailText, type MailBlock } from '../mail-document';
import { formatCents } from '../price-format';
import { shopDayAndTime, shopWeekdayAndTime } from '../shop-time';
import { paths } from '../site-paths';
import { formatVatRate, vatLineLabel } from '../vat-rate';
import type { Order } from './order';
import type { Withdrawal } from './withdrawal';
import { DELIVERY_METHOD_LABELS } from './order-constants';
import { ORDER_STATUS_LABELS, type OrderStatus } from './order-status';
import { paymentMethodLabel } from './payment';
import { withdrawalReturnInstructions } from './withdrawal-acknowledgement';
import { WITHDRAWAL_FORM } from './withdrawal-form';

// The mails of an order's life (Code de la consommation, L. 221-13: the confirmation on a durable
// medium, with the information of L. 221-5 and the model withdrawal form), each a plain-text and
// an HTML part written from one list of blocks (mail-document.ts). Sent by the local order
// repository through the Mailer port; on Supabase the database queues them and the edge function
// send-order-mails words them alike (supabase/functions/send-order-mails/order-mails.ts).

/** Every mail of an order: to the buyer, then to the owner (COMPANY.email). */
export const ORDER_MAIL_KINDS = ['confirmation', 'expediee', 'annulee', 'remboursee', 'nouvelle-commande', 'retractation-recue'] as const;
export type OrderMailKind = (typeof ORDER_MAIL_KINDS)[number];

/**
 * The mails an order's new status sends, keyed on the status itself (the database's trigger
 * orders_queue_mails holds the same table). A card order is confirmed, to the buyer and to the
 * owner, once the provider has confirmed its payment (« payée »), not when placed: an order whose
 * payment never came would otherwise be « confirmed », then cancelled. « Prête » is the pickup's
 * « expédiée » (orderShippedMail says « prête » for it).
 */
export const STATUS_MAILS: Partial<Record<OrderStatus, readonly OrderMailKind[]>> = {
  payee: ['confirmation', 'nouvelle-commande'],
  prete: ['expediee'],
  expediee: ['expediee'],
  annulee: ['annulee'],
};

/** The mails of an order just placed: its confirmation and the owner's notice, except for a card order, which waits for its payment (STATUS_MAILS). */
export function placementMails(order: Pick<Order, 'payment'>): readonly OrderMailKind[] {
  return order.payment.method === 'carte' ? [] : ['confirmation', 'nouvelle-commande'];
}

/** The shop's public address (VITE_SITE_URL, or the page's origin) and a path: a link a mail program can open. */
function shopLink(siteUrl: string, path: string): string {
  return `${siteUrl.replace(/\/+$/, '')}${path}`;
}

const days = (n: number | string) => `${n}\u00a0jours ouvrés`;
const pickup = (order: Pick<Order, 'deliveryMethod'>) => order.deliveryMethod === 'retrait-boutique';

function articleLines(order: Pick<Order, 'lines'>): string[] {
  return order.lines.map(
    (line) =>
      `${line.quantity} × ${line.name}\u00a0: ${formatCents(line.unitPriceCents)} l’unité, ${formatCents(line.unitPriceCents * line.quantity)} TTC (TVA ${formatVatRate(line.vatRate)})`,
  );
}

function totalLines(order: Pick<Order, 'totals' | 'deliveryMethod'>): string[] {
  const { totals } = order;
  return [
    `Sous-total des articles\u00a0: ${formatCents(totals.subtotalCents)} TTC`,
    `${DELIVERY_METHOD_LABELS[order.deliveryMethod]}\u00a0: ${totals.deliveryCents === 0 ? 'gratuit' : `${formatCents(totals.deliveryCents)} TTC`}`,
    `Total\u00a0: ${formatCents(totals.totalCents)} TTC`,
    ...totals.vatByRate.map((rate) => `${vatLineLabel(rate.rate)} ${formatCents(rate.vatCents)}`),
  ];
}

/** Where the order goes: the recipient and the address, the relay point, or the shop. */
function destination(order: Pick<Order, 'contact' | 'address' | 'relayPoint' | 'deliveryMethod'>): string {
  if (order.deliveryMethod === 'point-relais' && order.relayPoint) {
    const point = order.relayPoint;
    return `Point relais ${point.name}, ${point.street}, ${point.postalCode} ${point.city}, pour ${order.contact.name}`;
  }
  if (order.address) return `${order.contact.name}, ${order.address.street}, ${order.address.postalCode} ${order.address.city}, ${order.address.country}`;
  return `À retirer par ${order.contact.name} à la boutique, ${COMPANY.address}`;
}

function expectedDelivery(order: Pick<Order, 'deliveryMethod'>): string {
  return pickup(order)
    ? `Votre commande vous attendra à la boutique d’ici ${days(COMPANY.shipping.dispatchWorkingDays)} (${COMPANY.pickup.openingHours.join(', ')}).`
    : `Votre colis part sous ${days(COMPANY.shipping.dispatchWorkingDays)}, puis ${COMPANY.shipping.carrier} le livre en ${days(COMPANY.shipping.deliveryWorkingDays)}.`;
}

function paymentSentence(order: Pick<Order, 'payment' | 'deliveryMethod' | 'totals'>): string {
  const label = paymentMethodLabel(order.payment.method, order.deliveryMethod);
  if (order.payment.method === 'carte') return `${label} se terminant par ${order.payment.last4}, référence ${order.payment.reference}.`;
  return `${label}\u00a0: vous réglerez ${formatCents(order.totals.totalCents)} ${pickup(order) ? 'au retrait' : 'à la livraison'}.`;
}

function sellerLines(): string[] {
  return [
    `${COMPANY.legalName}, ${COMPANY.legalForm} au capital de ${COMPANY.shareCapital}`,
    `${COMPANY.registry}, TVA intracommunautaire ${COMPANY.vatNumber}`,
    COMPANY.address,
    `${COMPANY.email}, ${COMPANY.phone}`,
  ];
}

function withdrawalBlocks(order: Pick<Order, 'number'>, siteUrl: string): MailBlock[] {
  return [
    { heading: 'Votre droit de rétractation' },
    {
      paragraph: `Vous disposez de ${WITHDRAWAL_PERIOD_DAYS}\u00a0jours à compter de la réception de votre commande pour vous rétracter, sans avoir à vous justifier ni à payer de pénalité (Code de la consommation, articles L221-18 et suivants). Les frais de retour sont à votre charge. Nous vous remboursons la totalité des sommes versées, frais de livraison initiaux compris, au plus tard ${REFUND_PERIOD_DAYS}\u00a0jours après avoir été informés de votre décision, par le moyen de paiement utilisé\u00a0; nous pouvons attendre d’avoir reçu les articles, ou la preuve de leur envoi. Les articles se renvoient à\u00a0: ${returnAddress()}.`,
    },
    { link: shopLink(siteUrl, paths.withdrawal(order.number)), label: 'Vous rétracter en ligne (renoncer au contrat ici)' },
    { paragraph: `Vous pouvez aussi nous écrire à ${COMPANY.email}, par exemple avec le modèle de formulaire de rétractation ci-dessous\u00a0:` },
    { lines: [WITHDRAWAL_FORM.addressee, ...WITHDRAWAL_FORM.lines] },
  ];
}

function guaranteeBlocks(siteUrl: string): MailBlock[] {
  return [
    { heading: 'Garanties légales' },
    {
      paragraph: `Tous nos produits bénéficient de la garantie légale de conformité (Code de la consommation, articles L217-3 et suivants), pendant deux ans à compter de la livraison, et de la garantie des vices cachés (Code civil, articles 1641 à 1649), pendant deux ans à compter de la découverte du défaut. Pour les mettre en œuvre, écrivez-nous à ${COMPANY.email}.`,
    },
    { link: shopLink(siteUrl, paths.terms), label: 'Nos conditions générales de vente (le texte complet des garanties légales)' },
  ];
}

function mail(to: string, subject: string, blocks: readonly MailBlock[]): Mail {
  return { to, subject, body: mailText(blocks), html: mailHtml(subject, blocks) };
}

type MailOrder = Pick<
  Order,
  'number' | 'placedAt' | 'status' | 'contact' | 'address' | 'relayPoint' | 'deliveryMethod' | 'lines' | 'payment' | 'totals' | 'withdrawals'
>;

/** The buyer's confirmation: everything L. 221-5 lists, and the withdrawal form (L. 221-13). */
export function orderConfirmationMail(order: MailOrder, siteUrl: string): Mail {
  return mail(order.contact.email, `Confirmation de votre commande ${order.number}`, [
    { paragraph: `Bonjour ${order.contact.name},` },
    {
      paragraph: `Merci pour votre commande ${order.number}, passée le ${shopDayAndTime(order.placedAt)} (heure de Paris). Ce message la confirme\u00a0: conservez-le.`,
    },
    { heading: 'Vos articles' },
    { list: articleLines(order) },
    { list: totalLines(order) },
    { heading: 'Livraison' },
    { paragraph: `${DELIVERY_METHOD_LABELS[order.deliveryMethod]}\u00a0: ${destination(order)}.` },
    { paragraph: expectedDelivery(order) },
    { heading: 'Paiement' },
    { paragraph: paymentSentence(order) },
    { link: shopLink(siteUrl, paths.orderConfirmation(order.number)), label: 'Suivre votre commande' },
    ...withdrawalBlocks(order, siteUrl),
    ...guaranteeBlocks(siteUrl),
    { heading: 'Le vendeur' },
    { lines: sellerLines() },
    {
      paragraph: `En cas de litige, vous pouvez saisir gratuitement le médiateur de la consommation\u00a0: ${COMPANY.mediator.name}, ${COMPANY.mediator.address}, ${COMPANY.mediator.website}.`,
    },
  ]);
}

/** To the buyer: the order left the shop (for a pickup: it waits at the shop). */
function orderShippedMail(order: MailOrder, siteUrl: string): Mail {
  const ready = pickup(order);
  return mail(order.contact.email, ready ? `Votre commande ${order.number} est prête` : `Votre commande ${order.number} a été expédiée`, [
    { paragraph: `Bonjour ${order.contact.name},` },
    {
      paragraph: ready
        ? `Votre commande ${order.number} est prête\u00a0: elle vous attend à la boutique, ${COMPANY.address} (${COMPANY.pickup.openingHours.join(', ')}).`
        : `Votre commande ${order.number} a été expédiée par ${COMPANY.shipping.carrier}. Elle arrive en ${days(COMPANY.shipping.deliveryWorkingDays)}\u00a0: ${destination(order)}.`,
    },
    { link: shopLink(siteUrl, paths.orderConfirmation(order.number)), label: 'Suivre votre commande' },
    {
      paragraph: `Vous pourrez vous rétracter pendant ${WITHDRAWAL_PERIOD_DAYS}\u00a0jours à compter de sa réception, en ligne ou par écrit à ${COMPANY.email}.`,
    },
    { link: shopLink(siteUrl, paths.withdrawal(order.number)), label: 'Vous rétracter en ligne' },
  ]);
}

/** To the buyer: the order was cancelled, and what becomes of the money. */
function orderCancelledMail(order: MailOrder, siteUrl: string): Mail {
  const total = formatCents(order.totals.totalCents);
  return mail(order.contact.email, `Votre commande ${order.number} a été annulée`, [
    { paragraph: `Bonjour ${order.contact.name},` },
    { paragraph: `Votre commande ${order.number}, passée le ${shopDayAndTime(order.placedAt)}, a été annulée.` },
    {
      paragraph:
        order.payment.method === 'carte'
          ? `Votre paiement de ${total} vous est remboursé sur la carte se terminant par ${order.payment.last4}, sous ${REFUND_PERIOD_DAYS}\u00a0jours au plus.`
          : `Si vous l’aviez déjà réglée, nous vous remboursons ${total} sous ${REFUND_PERIOD_DAYS}\u00a0jours au plus.`,
    },
    { paragraph: `Pour toute question, écrivez-nous à ${COMPANY.email}.` },
    { link: shopLink(siteUrl, paths.orderConfirmation(order.number)), label: 'Voir votre commande' },
  ]);
}

/** « 1 × Bol en grès (12,50 €) », one per line of `withdrawal`. */
function withdrawnLines(order: Pick<Order, 'lines'>, withdrawal: Withdrawal | undefined): string[] {
  return (withdrawal?.lines ?? []).flatMap(({ line, quantity }) => {
    const ordered = order.lines[line];
    return ordered ? [`${quantity} × ${ordered.name} (${formatCents(ordered.unitPriceCents * quantity)})`] : [];
  });
}

/** The withdrawal a mail speaks of: the newest received, or the one refunded last. */
function newestWithdrawal(order: Pick<Order, 'withdrawals'>): Withdrawal | undefined {
  return order.withdrawals.at(-1);
}
function lastRefunded(order: Pick<Order, 'withdrawals'>): Withdrawal | undefined {
  return order.withdrawals
    .filter((withdrawal) => withdrawal.refundedAt !== null)
    .sort((a, b) => Date.parse(a.refundedAt!) - Date.parse(b.refundedAt!))
    .at(-1);
}

/** To the buyer: the refund of their withdrawal was made. */
function orderRefundedMail(order: MailOrder, siteUrl: string): Mail {
  return mail(order.contact.email, `Remboursement de votre rétractation (commande ${order.number})`, [
    { paragraph: `Bonjour ${order.contact.name},` },
    {
      paragraph: `Nous vous avons remboursé votre rétractation de la commande ${order.number}, par le moyen de paiement utilisé pour la commande. Elle portait sur\u00a0:`,
    },
    { list: withdrawnLines(order, lastRefunded(order)) },
    { link: shopLink(siteUrl, paths.orderConfirmation(order.number)), label: 'Voir votre commande' },
  ]);
}

/** To the owner: a new order to prepare. */
function ownerNewOrderMail(order: MailOrder, siteUrl: string): Mail {
  return mail(COMPANY.email, `Nouvelle commande ${order.number} (${formatCents(order.totals.totalCents)})`, [
    { paragraph: `Commande ${order.number} passée le ${shopDayAndTime(order.placedAt)} (heure de Paris), statut\u00a0: ${ORDER_STATUS_LABELS[order.status]}.` },
    { list: articleLines(order) },
    { list: totalLines(order) },
    { paragraph: `${DELIVERY_METHOD_LABELS[order.deliveryMethod]}\u00a0: ${destination(order)}.` },
    { paragraph: paymentSentence(order) },
    { paragraph: `Client\u00a0: ${order.contact.name}, ${order.contact.email}${order.contact.phone ? `, ${order.contact.phone}` : ''}.` },
    { link: shopLink(siteUrl, paths.adminOrder(order.number)), label: 'Ouvrir la commande dans l’administration' },
  ]);
}

/** To the owner: a buyer withdrew (what, when, and whether goods come back). */
function ownerWithdrawalMail(order: MailOrder, siteUrl: string): Mail {
  const withdrawal = newestWithdrawal(order);
  return mail(COMPANY.email, `Rétractation reçue (commande ${order.number})`, [
    {
      paragraph: `${order.contact.name} (${order.contact.email}) a exercé son droit de rétractation pour la commande ${order.number} le ${withdrawal ? shopWeekdayAndTime(withdrawal.receivedAt) : ''} (heure de Paris), pour\u00a0:`,
    },
    { list: withdrawnLines(order, withdrawal) },
    ...(withdrawal ? [{ paragraph: `Ce que le client a lu\u00a0: ${withdrawalReturnInstructions(withdrawal)}` }] : []),
    { link: shopLink(siteUrl, paths.adminOrder(order.number)), label: 'Ouvrir la commande dans l’administration' },
  ]);
}

const COMPOSERS: Readonly<Record<OrderMailKind, (order: MailOrder, siteUrl: string) => Mail>> = {
  confirmation: orderConfirmationMail,
  expediee: orderShippedMail,
  annulee: orderCancelledMail,
  remboursee: orderRefundedMail,
  'nouvelle-commande': ownerNewOrderMail,
  'retractation-recue': ownerWithdrawalMail,
};

/** The mail of `kind` for `order` as it is now. */
export function orderMail(kind: OrderMailKind, order: MailOrder, siteUrl: string): Mail {
  return COMPOSERS[kind](order, siteUrl);
}
