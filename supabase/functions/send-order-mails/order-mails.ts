// The mails of an order's life, worded from the database's order document (public.order_document)
// exactly as the local shop words them from its Order (src/domain/order/order-mails.ts):
// tests/unit/functions/order-mails.test.ts compares the two, text and HTML, for every kind.
import type { OutgoingMail } from '../_shared/mail.ts';
import { type MailBlock, mailHtml, mailText } from '../_shared/mail-document.ts';
import {
  COMPANY,
  DELIVERY_METHOD_LABELS,
  formatPrice,
  formatVatRate,
  ORDER_STATUS_LABELS,
  PATHS,
  PAYMENT_METHOD_LABELS,
  REFUND_PERIOD_DAYS,
  RETURN_ADDRESS,
  SHOP_TIME_ZONE,
  WITHDRAWAL_FORM,
  WITHDRAWAL_PERIOD_DAYS,
  withdrawalReturnInstructions,
} from '../_shared/shop-facts.ts';

export const ORDER_MAIL_KINDS = ['confirmation', 'expediee', 'annulee', 'remboursee', 'nouvelle-commande', 'retractation-recue'] as const;
export type OrderMailKind = (typeof ORDER_MAIL_KINDS)[number];

/** An order as public.order_document writes it (amounts in euros). */
export interface OrderDocument {
  number: string;
  status: string;
  createdAt: string;
  email: string;
  phone: string | null;
  recipientName: string;
  addressLine: string | null;
  postalCode: string | null;
  city: string | null;
  country: string | null;
  deliveryMethod: string;
  relayPoint: { name: string; street: string; postalCode: string; city: string } | null;
  paymentMethod: string;
  paymentLast4: string | null;
  paymentReference: string | null;
  subtotal: number;
  deliveryFee: number;
  total: number;
  lines: { name: string; unitPrice: number; quantity: number; vatRate: number }[] | null;
  vatByRate: { rate: number; base: number; vat: number }[] | null;
  withdrawals:
    | { number: number; receivedAt: string; lines: { line: number; quantity: number }[]; beforeShipping: boolean; status: string; refundedAt: string | null }[]
    | null;
}

type DocumentWithdrawal = NonNullable<OrderDocument['withdrawals']>[number];

/** The withdrawal a mail speaks of: the newest received, or the one refunded last (as order-mails.ts chooses). */
const newestWithdrawal = (order: OrderDocument): DocumentWithdrawal | undefined => order.withdrawals?.at(-1);
const lastRefunded = (order: OrderDocument): DocumentWithdrawal | undefined =>
  (order.withdrawals ?? [])
    .filter((withdrawal) => withdrawal.refundedAt !== null)
    .sort((a, b) => Date.parse(a.refundedAt!) - Date.parse(b.refundedAt!))
    .at(-1);

const cents = (euros: number) => Math.round(Number(euros) * 100);
const euros = (amountCents: number) => formatPrice(amountCents / 100);
const dayAndTime = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'long', timeStyle: 'short', timeZone: SHOP_TIME_ZONE });
const weekdayAndTime = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'full', timeStyle: 'short', timeZone: SHOP_TIME_ZONE });
const days = (n: number | string) => `${n}\u00a0jours ouvrés`;
const pickup = (order: OrderDocument) => order.deliveryMethod === 'retrait-boutique';
const link = (siteUrl: string, path: string) => `${siteUrl.replace(/\/+$/, '')}${path}`;
const method = (order: OrderDocument) => DELIVERY_METHOD_LABELS[order.deliveryMethod] ?? order.deliveryMethod;

function articleLines(order: OrderDocument): string[] {
  return (order.lines ?? []).map(
    (line) =>
      `${line.quantity} × ${line.name}\u00a0: ${euros(cents(line.unitPrice))} l’unité, ${euros(cents(line.unitPrice) * line.quantity)} TTC (TVA ${formatVatRate(line.vatRate)})`,
  );
}

function totalLines(order: OrderDocument): string[] {
  const fee = cents(order.deliveryFee);
  return [
    `Sous-total des articles\u00a0: ${euros(cents(order.subtotal))} TTC`,
    `${method(order)}\u00a0: ${fee === 0 ? 'gratuit' : `${euros(fee)} TTC`}`,
    `Total\u00a0: ${euros(cents(order.total))} TTC`,
    ...(order.vatByRate ?? []).map((rate) => `dont TVA ${formatVatRate(rate.rate)}\u00a0: ${euros(cents(rate.vat))}`),
  ];
}

function destination(order: OrderDocument): string {
  if (order.deliveryMethod === 'point-relais' && order.relayPoint) {
    const point = order.relayPoint;
    return `Point relais ${point.name}, ${point.street}, ${point.postalCode} ${point.city}, pour ${order.recipientName}`;
  }
  if (order.addressLine) return `${order.recipientName}, ${order.addressLine}, ${order.postalCode} ${order.city}, ${order.country}`;
  return `À retirer par ${order.recipientName} à la boutique, ${COMPANY.address}`;
}

function expectedDelivery(order: OrderDocument): string {
  return pickup(order)
    ? `Votre commande vous attendra à la boutique d’ici ${days(COMPANY.shipping.dispatchWorkingDays)} (${COMPANY.pickup.openingHours.join(', ')}).`
    : `Votre colis part sous ${days(COMPANY.shipping.dispatchWorkingDays)}, puis ${COMPANY.shipping.carrier} le livre en ${days(COMPANY.shipping.deliveryWorkingDays)}.`;
}

function paymentSentence(order: OrderDocument): string {
  if (order.paymentMethod === 'carte') return `${PAYMENT_METHOD_LABELS.carte} se terminant par ${order.paymentLast4}, référence ${order.paymentReference}.`;
  const label = pickup(order) ? 'Paiement au retrait' : PAYMENT_METHOD_LABELS['a-la-livraison'];
  return `${label}\u00a0: vous réglerez ${euros(cents(order.total))} ${pickup(order) ? 'au retrait' : 'à la livraison'}.`;
}

function withdrawalBlocks(order: OrderDocument, siteUrl: string): MailBlock[] {
  return [
    { heading: 'Votre droit de rétractation' },
    {
      paragraph: `Vous disposez de ${WITHDRAWAL_PERIOD_DAYS}\u00a0jours à compter de la réception de votre commande pour vous rétracter, sans avoir à vous justifier ni à payer de pénalité (Code de la consommation, articles L221-18 et suivants). Les frais de retour sont à votre charge. Nous vous remboursons la totalité des sommes versées, frais de livraison initiaux compris, au plus tard ${REFUND_PERIOD_DAYS}\u00a0jours après avoir été informés de votre décision, par le moyen de paiement utilisé\u00a0; nous pouvons attendre d’avoir reçu les articles, ou la preuve de leur envoi. Les articles se renvoient à\u00a0: ${RETURN_ADDRESS}.`,
    },
    { link: link(siteUrl, PATHS.withdrawal(order.number)), label: 'Vous rétracter en ligne (renoncer au contrat ici)' },
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
    { link: link(siteUrl, PATHS.terms), label: 'Nos conditions générales de vente (le texte complet des garanties légales)' },
  ];
}

function mail(to: string, subject: string, blocks: readonly MailBlock[]): OutgoingMail {
  return { to, subject, text: mailText(blocks), html: mailHtml(subject, blocks) };
}

const hello = (order: OrderDocument): MailBlock => ({ paragraph: `Bonjour ${order.recipientName},` });
const follow = (order: OrderDocument, siteUrl: string, label: string): MailBlock => ({ link: link(siteUrl, PATHS.orderConfirmation(order.number)), label });
const toAdmin = (order: OrderDocument, siteUrl: string): MailBlock => ({
  link: link(siteUrl, PATHS.adminOrder(order.number)),
  label: 'Ouvrir la commande dans l’administration',
});

function withdrawnLines(order: OrderDocument, withdrawal: DocumentWithdrawal | undefined): string[] {
  return (withdrawal?.lines ?? []).flatMap(({ line, quantity }) => {
    const ordered = order.lines?.[line];
    return ordered ? [`${quantity} × ${ordered.name} (${euros(cents(ordered.unitPrice) * quantity)})`] : [];
  });
}

const COMPOSERS: Readonly<Record<OrderMailKind, (order: OrderDocument, siteUrl: string) => OutgoingMail>> = {
  confirmation: (order, siteUrl) =>
    mail(order.email, `Confirmation de votre commande ${order.number}`, [
      hello(order),
      {
        paragraph: `Merci pour votre commande ${order.number}, passée le ${dayAndTime.format(new Date(order.createdAt))} (heure de Paris). Ce message la confirme\u00a0: conservez-le.`,
      },
      { heading: 'Vos articles' },
      { list: articleLines(order) },
      { list: totalLines(order) },
      { heading: 'Livraison' },
      { paragraph: `${method(order)}\u00a0: ${destination(order)}.` },
      { paragraph: expectedDelivery(order) },
      { heading: 'Paiement' },
      { paragraph: paymentSentence(order) },
      follow(order, siteUrl, 'Suivre votre commande'),
      ...withdrawalBlocks(order, siteUrl),
      ...guaranteeBlocks(siteUrl),
      { heading: 'Le vendeur' },
      {
        lines: [
          `${COMPANY.legalName}, ${COMPANY.legalForm} au capital de ${COMPANY.shareCapital}`,
          `${COMPANY.registry}, TVA intracommunautaire ${COMPANY.vatNumber}`,
          COMPANY.address,
          `${COMPANY.email}, ${COMPANY.phone}`,
        ],
      },
      {
        paragraph: `En cas de litige, vous pouvez saisir gratuitement le médiateur de la consommation\u00a0: ${COMPANY.mediator.name}, ${COMPANY.mediator.address}, ${COMPANY.mediator.website}.`,
      },
    ]),
  expediee: (order, siteUrl) =>
    mail(order.email, pickup(order) ? `Votre commande ${order.number} est prête` : `Votre commande ${order.number} a été expédiée`, [
      hello(order),
      {
        paragraph: pickup(order)
          ? `Votre commande ${order.number} est prête\u00a0: elle vous attend à la boutique, ${COMPANY.address} (${COMPANY.pickup.openingHours.join(', ')}).`
          : `Votre commande ${order.number} a été expédiée par ${COMPANY.shipping.carrier}. Elle arrive en ${days(COMPANY.shipping.deliveryWorkingDays)}\u00a0: ${destination(order)}.`,
      },
      follow(order, siteUrl, 'Suivre votre commande'),
      {
        paragraph: `Vous pourrez vous rétracter pendant ${WITHDRAWAL_PERIOD_DAYS}\u00a0jours à compter de sa réception, en ligne ou par écrit à ${COMPANY.email}.`,
      },
      { link: link(siteUrl, PATHS.withdrawal(order.number)), label: 'Vous rétracter en ligne' },
    ]),
  annulee: (order, siteUrl) =>
    mail(order.email, `Votre commande ${order.number} a été annulée`, [
      hello(order),
      { paragraph: `Votre commande ${order.number}, passée le ${dayAndTime.format(new Date(order.createdAt))}, a été annulée.` },
      {
        paragraph:
          order.paymentMethod === 'carte'
            ? `Votre paiement de ${euros(cents(order.total))} vous est remboursé sur la carte se terminant par ${order.paymentLast4}, sous ${REFUND_PERIOD_DAYS}\u00a0jours au plus.`
            : `Si vous l’aviez déjà réglée, nous vous remboursons ${euros(cents(order.total))} sous ${REFUND_PERIOD_DAYS}\u00a0jours au plus.`,
      },
      { paragraph: `Pour toute question, écrivez-nous à ${COMPANY.email}.` },
      follow(order, siteUrl, 'Voir votre commande'),
    ]),
  remboursee: (order, siteUrl) =>
    mail(order.email, `Remboursement de votre rétractation (commande ${order.number})`, [
      hello(order),
      {
        paragraph: `Nous vous avons remboursé votre rétractation de la commande ${order.number}, par le moyen de paiement utilisé pour la commande. Elle portait sur\u00a0:`,
      },
      { list: withdrawnLines(order, lastRefunded(order)) },
      follow(order, siteUrl, 'Voir votre commande'),
    ]),
  'nouvelle-commande': (order, siteUrl) =>
    mail(COMPANY.email, `Nouvelle commande ${order.number} (${euros(cents(order.total))})`, [
      {
        paragraph: `Commande ${order.number} passée le ${dayAndTime.format(new Date(order.createdAt))} (heure de Paris), statut\u00a0: ${ORDER_STATUS_LABELS[order.status] ?? order.status}.`,
      },
      { list: articleLines(order) },
      { list: totalLines(order) },
      { paragraph: `${method(order)}\u00a0: ${destination(order)}.` },
      { paragraph: paymentSentence(order) },
      { paragraph: `Client\u00a0: ${order.recipientName}, ${order.email}${order.phone ? `, ${order.phone}` : ''}.` },
      toAdmin(order, siteUrl),
    ]),
  'retractation-recue': (order, siteUrl) => {
    const withdrawal = newestWithdrawal(order);
    return mail(COMPANY.email, `Rétractation reçue (commande ${order.number})`, [
      {
        paragraph: `${order.recipientName} (${order.email}) a exercé son droit de rétractation pour la commande ${order.number} le ${withdrawal ? weekdayAndTime.format(new Date(withdrawal.receivedAt)) : ''} (heure de Paris), pour\u00a0:`,
      },
      { list: withdrawnLines(order, withdrawal) },
      ...(withdrawal ? [{ paragraph: `Ce que le client a lu\u00a0: ${withdrawalReturnInstructions(withdrawal)}` }] : []),
      toAdmin(order, siteUrl),
    ]);
  },
};

export function isOrderMailKind(kind: unknown): kind is OrderMailKind {
  return typeof kind === 'string' && (ORDER_MAIL_KINDS as readonly string[]).includes(kind);
}

/** The mail of `kind` for the order as the database has it now; links on SITE_URL. */
export function orderMail(kind: OrderMailKind, order: OrderDocument, siteUrl: string): OutgoingMail {
  return COMPOSERS[kind](order, siteUrl);
}
