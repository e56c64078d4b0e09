import { COMPANY } from '../company';

/**
 * The model withdrawal form (Code de la consommation, annexe à l’article R221-1), filled with the
 * seller: the CGV show it and the order's confirmation mail carries it (L. 221-13).
 */
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
