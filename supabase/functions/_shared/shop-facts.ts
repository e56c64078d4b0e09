// What the functions' mails say that the shop's pages and mails say too: the shop's time zone,
// its way of writing euros and where withdrawn goods are sent back. Their one definition is in
// src/domain (shop-time.ts, price-format.ts, company.ts); this is a copy because a deployed
// function's bundle holds only supabase/functions (the CLI's Docker bundler mounts that folder
// alone, and its API deploy cannot read a file above it: supabase/cli#3467), and src/domain may
// not import from here. tests/unit/functions/shop-facts.test.ts holds every value and sentence
// below to the domain's, so the copy cannot drift.

/** The shop's time zone (src/domain/shop-time.ts). */
export const SHOP_TIME_ZONE = 'Europe/Paris';

const euros = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' });

/** 12.5 -> « 12,50 € », as src/domain/price-format.ts writes it. */
export const formatPrice = (amount: number): string => euros.format(amount);

/** Where goods withdrawn from are sent back (src/domain/company.ts, returnAddress()). */
export const RETURN_ADDRESS = 'La Petite Boutique – Service retours, 12 rue des Potiers, 75011 Paris, France';

/** What the buyer does next, as src/domain/order/withdrawal-acknowledgement.ts words it for a withdrawal. */
export function withdrawalReturnInstructions(withdrawal: { beforeShipping: boolean; status: string }): string {
  if (!withdrawal.beforeShipping)
    return `Renvoyez-nous ces articles au plus tard 14\u00a0jours après cette date, à l’adresse\u00a0: ${RETURN_ADDRESS}. Nous vous rembourserons dans les 14\u00a0jours, au plus tard à la réception des articles.`;
  const cancelled =
    'Ces articles ne vous ont pas encore été expédiés\u00a0: ils sont retirés de votre commande et nous ne les enverrons pas, vous n’avez rien à nous renvoyer.';
  return withdrawal.status === 'close' ? `${cancelled} Vous n’avez pas à les payer.` : `${cancelled} Nous vous rembourserons leur prix dans les 14\u00a0jours.`;
}

// ── What the order mails say (send-order-mails), as src/domain/order/order-mails.ts says it ──

/** The seller, as src/domain/company.ts's COMPANY states it (the parts an order's mail names). */
export const COMPANY = {
  legalName: 'La Petite Boutique SAS',
  legalForm: 'Société par actions simplifiée (SAS)',
  shareCapital: '10\u202f000\u00a0€',
  registry: 'RCS Paris 912\u00a0345\u00a0675',
  vatNumber: 'FR65\u00a0912345675',
  address: '12 rue des Potiers, 75011 Paris, France',
  email: 'contact@boutique.example',
  phone: '01\u00a099\u00a000\u00a012\u00a034',
  mediator: {
    name: 'Médiation de la consommation des commerces en ligne',
    address: '5 place de la Médiation, 75008 Paris, France',
    website: 'https://mediateur.example',
  },
  pickup: { openingHours: ['Du mardi au samedi\u00a0: 10\u00a0h – 19\u00a0h'] },
  shipping: { carrier: 'Colissimo', dispatchWorkingDays: 2, deliveryWorkingDays: '2 à 4' },
} as const;

/** Days to withdraw, and to refund (src/domain/company.ts). */
export const WITHDRAWAL_PERIOD_DAYS = 14;
export const REFUND_PERIOD_DAYS = 14;

/** The model withdrawal form (src/domain/order/withdrawal-form.ts). */
export const WITHDRAWAL_FORM = {
  addressee: `À l’attention de ${COMPANY.legalName}, ${COMPANY.address}, ${COMPANY.email}\u00a0:`,
  lines: [
    'Je vous notifie par la présente ma rétractation du contrat portant sur la vente du produit ci-dessous\u00a0:',
    'Commandé le / reçu le\u00a0:',
    'Nom du consommateur\u00a0:',
    'Adresse du consommateur\u00a0:',
    'Signature du consommateur (uniquement en cas de notification sur papier)\u00a0:',
    'Date\u00a0:',
  ],
} as const;

/** src/domain/order/order-constants.ts, payment.ts and order-status.ts. */
export const DELIVERY_METHOD_LABELS: Readonly<Record<string, string>> = {
  domicile: 'Livraison à domicile',
  'point-relais': 'Point relais',
  'retrait-boutique': 'Retrait en boutique',
};
export const PAYMENT_METHOD_LABELS: Readonly<Record<string, string>> = { 'a-la-livraison': 'Paiement à la livraison', carte: 'Carte bancaire' };
export const ORDER_STATUS_LABELS: Readonly<Record<string, string>> = {
  'en-attente-paiement': 'en attente de paiement',
  'en-attente': 'en attente',
  payee: 'payée',
  prete: 'prête à retirer',
  expediee: 'expédiée',
  livree: 'livrée',
  retiree: 'retirée',
  annulee: 'annulée',
};

/** « 5,5 % » (src/domain/vat-rate.ts, formatVatRate), from basis points. */
export const formatVatRate = (rate: number): string => `${String(rate / 100).replace('.', ',')}\u00a0%`;

/** The shop's addresses an order's mail links to (src/domain/site-paths.ts, paths). */
export const PATHS = {
  orderConfirmation: (number: string) => `/commande/confirmation/${encodeURIComponent(number)}`,
  withdrawal: (number: string) => `/commande/retractation/${encodeURIComponent(number)}`,
  terms: '/conditions-generales-de-vente',
  adminOrder: (number: string) => `/admin/commandes/${encodeURIComponent(number)}`,
} as const;
