import type { Order } from './order';

/** What an OrderRepository answers, in French, besides the domain's own refusals. */
export const ORDER_LOOKUP_MESSAGES = {
  /** An unknown number and an order that is not the reader's read the same: numbers cannot be probed. */
  notFound: 'Cette commande est introuvable. Vérifiez son numéro.',
  /** The local repository's IndexedDB refused the write: nothing was ordered. */
  notSaved: 'Votre commande n’a pas pu être enregistrée sur cet appareil (stockage plein ou indisponible). Rien n’a été commandé\u00a0; réessayez.',
  /** The local repository's IndexedDB refused a status change: the order is as it was. */
  statusNotSaved: 'Le nouveau statut n’a pas pu être enregistré sur cet appareil (stockage plein ou indisponible). La commande est inchangée ; réessayez.',
  /** The local repository's IndexedDB refused a withdrawal: nothing was recorded. */
  withdrawalNotSaved:
    'Votre rétractation n’a pas pu être enregistrée sur cet appareil (stockage plein ou indisponible). Rien n’a été enregistré\u00a0; réessayez.',
  /** Recorded, but the acknowledgement mail could not go. */
  acknowledgementNotSent: 'Votre rétractation est enregistrée, mais l’accusé de réception n’a pas pu être envoyé par e-mail\u00a0: conservez cette page.',
  /** The local repository's IndexedDB refused a read. */
  unreadable: 'Les commandes enregistrées sur cet appareil n’ont pas pu être lues. Réessayez dans quelques instants.',
  /** Placed, but this device could not note it (« Mes commandes » will not list it). */
  notRemembered: (number: string) => `Votre commande ${number} est enregistrée, mais cet appareil n’a pas pu la garder en mémoire\u00a0: notez son numéro.`,
} as const;

/** The sequence part of CMD-AAAA-NNNNNN: the shop's one counter, so it orders orders across years. */
function sequenceOf(number: string): number {
  const digits = /-(\d+)$/.exec(number)?.[1];
  return digits === undefined ? 0 : Number(digits);
}

/** When an order was placed (ms); one that does not say, or says it unreadably, counts as the oldest. */
const placedAtMs = (order: { placedAt?: string }): number => (order.placedAt === undefined ? 0 : Date.parse(order.placedAt) || 0);

/**
 * The shop's one order of orders, newest first: by the instant placed (whatever offset the date is
 * written with), then, for the same instant or no date at all, by the sequence of the number.
 * The OrderRepository lists in this order (its contract suite checks both adapters), so pages show
 * what it answers as it is.
 */
export function compareNewestFirst(a: Pick<Order, 'number'> & { placedAt?: string }, b: Pick<Order, 'number'> & { placedAt?: string }): number {
  return placedAtMs(b) - placedAtMs(a) || sequenceOf(b.number) - sequenceOf(a.number);
}

export function newestFirst<T extends Pick<Order, 'number' | 'placedAt'>>(orders: readonly T[]): T[] {
  return [...orders].sort(compareNewestFirst);
}
