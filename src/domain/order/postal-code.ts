/**
 * Where the shop delivers: metropolitan France, Corsica and Monaco, each zone by the first digits
 * of its codes. The checkout accepts an address (or a relay point) only in one of them, and the page
 * « Livraison et retours » lists them from here. La Poste's full list is not shipped: this catches
 * 00000, 99999 and every mistyped department.
 *
 * Not overseas (issue 42, item 5): a parcel sent from mainland France to Guadeloupe, Martinique or
 * La Réunion is an export, sold without French VAT and taxed at import (octroi de mer, local VAT);
 * Guyane and Mayotte have no VAT at all. The shop prices every order with French VAT and one fee,
 * so it does not deliver there rather than charge a wrong price. Their codes are known (NOT_DELIVERED)
 * so that the checkout can say why, not « ce code postal n’existe pas ».
 */
export interface DeliveryZone {
  name: string;
  /** What the zone covers, when its name does not say it all. */
  detail?: string;
  /** The first digits of its codes, from and to (inclusive, as many digits each). */
  prefixes: readonly { from: string; to: string }[];
}

// Monaco's codes are La Poste's: 98000, and 980xx for its CEDEX.
export const MONACO: DeliveryZone = { name: 'Monaco', prefixes: [{ from: '980', to: '980' }] };

export const DELIVERY_ZONES: readonly DeliveryZone[] = [
  {
    name: 'France métropolitaine',
    prefixes: [
      { from: '01', to: '19' },
      { from: '21', to: '95' },
    ],
  },
  { name: 'Corse', prefixes: [{ from: '20', to: '20' }] },
  MONACO,
];

/** The overseas departments and collectivities: French codes the shop does not deliver to. */
export const NOT_DELIVERED: DeliveryZone = {
  name: 'Outre-mer',
  detail:
    'Guadeloupe, Martinique, Guyane, La Réunion, Saint-Pierre-et-Miquelon, Mayotte, Saint-Barthélemy, Saint-Martin, Wallis-et-Futuna, Polynésie française et Nouvelle-Calédonie',
  prefixes: [
    { from: '971', to: '978' },
    { from: '984', to: '988' },
  ],
};

/** Where the shop delivers, in the words every page and message uses: « Nous livrons {DELIVERY_AREA} ». */
export const DELIVERY_AREA = 'la France métropolitaine, la Corse et Monaco';

/** Why overseas is not delivered, in the words of the checkout's message, the CGV and « Livraison et retours ». */
export const NOT_DELIVERED_REASON = 'un colis y est taxé à l’importation (octroi de mer, TVA locale), ce que nos prix TVA française comprise ne prévoient pas';

/** The sentence the checkout shows before an address or a relay point's postal code is typed. */
export const DELIVERY_AREA_SENTENCE = `Nous livrons ${DELIVERY_AREA}, pas l’outre-mer.`;

/** A postal code as typed (« 75011 », « 75 011 ») as its 5 digits; null when it is not 5 digits. */
export function normalizePostalCode(text: string): string | null {
  const compact = text.replace(/\s/g, '');
  return /^\d{5}$/.test(compact) ? compact : null;
}

const inZone = (code: string, zone: DeliveryZone) =>
  zone.prefixes.some(({ from, to }) => {
    const start = code.slice(0, from.length);
    return start >= from && start <= to;
  });

/** The zone a 5-digit code belongs to; undefined when it names none the shop delivers. */
export function zoneOf(code: string, zones: readonly DeliveryZone[] = DELIVERY_ZONES): DeliveryZone | undefined {
  if (!/^\d{5}$/.test(code)) return undefined;
  return zones.find((zone) => inZone(code, zone));
}

/**
 * Whether a 5-digit code can be the postal code of an address delivered: its first two digits
 * are a department of metropolitan France (01 to 95, 20 for Corsica), or its first three Monaco's
 * (980). An overseas code is not one: see isOverseasPostalCode.
 */
export function isDeliveredPostalCode(code: string): boolean {
  return zoneOf(code) !== undefined;
}

/** Whether a 5-digit code is an overseas department's or collectivity's (971 to 978, 984 to 988). */
export function isOverseasPostalCode(code: string): boolean {
  return /^\d{5}$/.test(code) && inZone(code, NOT_DELIVERED);
}

/** A code's department: its first three digits overseas and in Monaco (974, 980), its first two elsewhere (75, 20). */
export function departmentOf(code: string): string {
  return code.startsWith('97') || code.startsWith('98') ? code.slice(0, 3) : code.slice(0, 2);
}
