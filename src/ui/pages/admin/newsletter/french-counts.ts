import { SHOP_TIME_ZONE } from '@/domain/newsletter/subscriber-list';

const NUMBER = new Intl.NumberFormat('fr-FR');

/** French plural: 0 and 1 take the singular, 2 and more the plural (« 0 abonné actif », « 2 abonnés actifs »). */
export function countOf(n: number, singular: string, plural: string): string {
  return `${NUMBER.format(n)}\u00a0${n >= 2 ? plural : singular}`;
}

const DATE = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'short', timeStyle: 'short', timeZone: SHOP_TIME_ZONE });

/** « 22/11/2026 11:00 », Paris time; a stored date that cannot be read is shown as it is. */
export function frenchDateTime(iso: string): string {
  const instant = new Date(iso);
  return Number.isNaN(instant.getTime()) ? iso : DATE.format(instant);
}
