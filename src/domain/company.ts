/**
 * The shop's legal identity, shown by the legal pages (mentions légales, CGV, politique de
 * confidentialité, livraison et retours). One file to edit before opening a real shop: every
 * value below is an obvious demonstration value, not a real company.
 */
export const COMPANY = {
  /** Raison sociale, as registered. */
  legalName: 'La Petite Boutique Démo SAS',
  /** Name shown to shoppers. */
  tradeName: 'La Petite Boutique',
  legalForm: 'Société par actions simplifiée (SAS)',
  shareCapital: '1\u202f000\u00a0€',
  /** 9 digits; 000 000 000 marks the demonstration. */
  siren: '000 000 000',
  registry: 'RCS Démoville 000 000 000',
  vatNumber: 'FR00 000000000',
  address: '1 rue de l’Exemple, 00000 Démoville, France',
  email: 'contact@boutique.example',
  phone: '01 00 00 00 00',
  publicationDirector: 'Camille Exemple, présidente',
  host: {
    name: 'Hébergeur Exemple SARL',
    address: '2 avenue du Serveur, 00000 Démoville, France',
    phone: '01 00 00 00 01',
    website: 'https://hebergeur.example',
  },
  /** The consumer mediator the shop has joined (Code de la consommation, art. L612-1). */
  mediator: {
    name: 'Médiateur Exemple de la consommation',
    address: '3 place de la Médiation, 00000 Démoville, France',
    website: 'https://mediateur.example',
  },
  /** Where « Retrait en boutique » orders are collected: the shop at `address`, open then. */
  pickup: {
    openingHours: ['Du mardi au samedi\u00a0: 10\u00a0h – 19\u00a0h'],
  },
  shipping: {
    /** Euros, tax included. */
    price: 4.9,
    freeFrom: 60,
    carrier: 'Colissimo',
    dispatchWorkingDays: 2,
    deliveryWorkingDays: '2 à 4',
  },
} as const;

/** Days a shopper has to withdraw from a distance sale (Code de la consommation, art. L221-18). */
export const WITHDRAWAL_PERIOD_DAYS = 14;

/** Days within which a cancelled order's payment is given back (as for a withdrawal, art. L221-24). */
export const REFUND_PERIOD_DAYS = 14;
