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
