/** 9 digits, a number the Luhn check accepts, as INSEE gives them; made up for the demonstration. */
const SIREN = '912345675';
/** The head office's establishment number (NIC): SIREN + NIC, the SIRET, passes the Luhn check too. */
const NIC = '00017';
/** The French VAT key of a SIREN: (12 + 3 × (SIREN mod 97)) mod 97, on two digits. */
const VAT_KEY = String((12 + 3 * (Number(SIREN) % 97)) % 97).padStart(2, '0');
const groupsOfThree = (digits: string) => digits.replace(/(\d{3})(?=\d)/g, '$1\u00a0');

/** The shop's head office, where « Retrait en boutique » orders are collected and returns are sent. */
const ADDRESS = '12 rue des Potiers, 75011 Paris, France';

/**
 * The shop's legal identity: the one place every page, the prerendered HTML and every mail read
 * it from. One file to edit before opening a real shop: every value below is a plausible but
 * fictitious demonstration value (a made-up SIREN that passes the Luhn check, a fictitious
 * street, telephone numbers from ARCEP's range kept for fiction), which « Mentions légales » says
 * at its top (src/ui/pages/legal/mentions-legales-page.tsx).
 */
export const COMPANY = {
  /** Raison sociale, as registered. */
  legalName: 'La Petite Boutique SAS',
  /** Name shown to shoppers. */
  tradeName: 'La Petite Boutique',
  /** What the shop sells, in a sentence: the home page's description, index.html's and the web app manifest's. */
  description: 'La Petite Boutique\u00a0: céramique, textile et papeterie pour la maison, choisis avec soin et expédiés depuis la France.',
  legalForm: 'Société par actions simplifiée (SAS)',
  shareCapital: '10\u202f000\u00a0€',
  siren: groupsOfThree(SIREN),
  siret: `${groupsOfThree(SIREN)}\u00a0${NIC}`,
  registry: `RCS Paris ${groupsOfThree(SIREN)}`,
  vatNumber: `FR${VAT_KEY}\u00a0${SIREN}`,
  address: ADDRESS,
  email: 'contact@boutique.example',
  phone: '01\u00a099\u00a000\u00a012\u00a034',
  publicationDirector: 'Camille Lefèvre, présidente',
  host: {
    name: 'Hébergement Numérique SAS',
    address: '8 quai des Serveurs, 59000 Lille, France',
    phone: '01\u00a099\u00a000\u00a056\u00a078',
    website: 'https://hebergeur.example',
  },
  /** The consumer mediator the shop has joined (Code de la consommation, art. L612-1). */
  mediator: {
    name: 'Médiation de la consommation des commerces en ligne',
    address: '5 place de la Médiation, 75008 Paris, France',
    website: 'https://mediateur.example',
  },
  /** Where goods withdrawn from are sent back (a withdrawal's acknowledgement says it). */
  returns: {
    recipient: 'La Petite Boutique – Service retours',
    address: ADDRESS,
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

/** Where goods withdrawn from are sent back, on one line: « La Petite Boutique – Service retours, 12 rue… ». */
export function returnAddress(): string {
  return `${COMPANY.returns.recipient}, ${COMPANY.returns.address}`;
}

/** Days a shopper has to withdraw from a distance sale (Code de la consommation, art. L221-18). */
export const WITHDRAWAL_PERIOD_DAYS = 14;

/** Days within which a cancelled order's payment is given back (as for a withdrawal, art. L221-24). */
export const REFUND_PERIOD_DAYS = 14;
