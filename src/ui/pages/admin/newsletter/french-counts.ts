import { SHOP_TIME_ZONE } from '@/domain/newsletter/subscriber-list';

const DATE = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'short', timeStyle: 'short', timeZone: SHOP_TIME_ZONE });

/** « 22/11/2026 11:00 », Paris time; a stored date that cannot be read is shown as it is. */
export function frenchDateTime(iso: string): string {
  const instant = new Date(iso);
  return Number.isNaN(instant.getTime()) ? iso : DATE.format(instant);
}
