/**
 * Where the shop delivers: every zone a French postal code can name, each by the first digits of
 * its codes. The checkout accepts an address (or a relay point) only in one of them, and the page
 * « Livraison et retours » lists them from here. La Poste's full list is not shipped: this catches
 * 00000, 99999 and every mistyped department.
 */
export interface DeliveryZone {
  name: string;
  /** What the zone covers, when its name does not say it all. */
  detail?: string;
  /** The first digits of its codes, from and to (inclusive, as many digits each). */
  prefixes: readonly { from: string; to: string }[];
}

export const DELIVERY_ZONES: readonly DeliveryZone[] = [
  {
    name: 'France métropolitaine',
    prefixes: [
      { from: '01', to: '19' },
      { from: '21', to: '95' },
    ],
  },
  { name: 'Corse', prefixes: [{ from: '20', to: '20' }] },
  {
    name: 'Outre-mer',
    detail: 'Guadeloupe, Martinique, Guyane, La Réunion, Saint-Pierre-et-Miquelon, Mayotte, Saint-Barthélemy et Saint-Martin',
    prefixes: [{ from: '971', to: '978' }],
  },
];

/** A postal code as typed (« 75011 », « 75 011 ») as its 5 digits; null when it is not 5 digits. */
export function normalizePostalCode(text: string): string | null {
  const compact = text.replace(/\s/g, '');
  return /^\d{5}$/.test(compact) ? compact : null;
}

/** The zone a 5-digit code belongs to; undefined when it names none the shop delivers. */
export function zoneOf(code: string, zones: readonly DeliveryZone[] = DELIVERY_ZONES): DeliveryZone | undefined {
  if (!/^\d{5}$/.test(code)) return undefined;
  return zones.find((zone) =>
    zone.prefixes.some(({ from, to }) => {
      const start = code.slice(0, from.length);
      return start >= from && start <= to;
    }),
  );
}

/**
 * Whether a 5-digit code can be the postal code of an address delivered: its first two digits
 * are a department of metropolitan France (01 to 95, 20 for Corsica), or its first three an
 * overseas department or collectivity (971 to 978).
 */
export function isFrenchPostalCode(code: string): boolean {
  return zoneOf(code) !== undefined;
}

/** A code's department: its first three digits overseas (974), its first two elsewhere (75, 20). */
export function departmentOf(code: string): string {
  return code.startsWith('97') ? code.slice(0, 3) : code.slice(0, 2);
}
