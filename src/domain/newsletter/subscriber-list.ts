import { SHOP_TIME_ZONE } from '../shop-time';
import type { Subscriber } from './subscriber';

/** The back office's views of the subscriber list. */
export type SubscriberFilter = 'tous' | 'actifs' | 'desabonnes';

export interface SubscriberCounts {
  active: number;
  inactive: number;
  total: number;
}

/** Newest subscription first; an unreadable date sorts last, then by address for a stable order. */
export function newestFirst(subscribers: readonly Subscriber[]): Subscriber[] {
  const time = (s: Subscriber) => {
    const t = Date.parse(s.subscribedAt);
    return Number.isNaN(t) ? -Infinity : t;
  };
  return [...subscribers].sort((a, b) => time(b) - time(a) || a.email.localeCompare(b.email));
}

export function countSubscribers(subscribers: readonly Subscriber[]): SubscriberCounts {
  const active = subscribers.filter((s) => s.isActive).length;
  return { active, inactive: subscribers.length - active, total: subscribers.length };
}

export function filterSubscribers(subscribers: readonly Subscriber[], filter: SubscriberFilter): Subscriber[] {
  if (filter === 'tous') return [...subscribers];
  const active = filter === 'actifs';
  return subscribers.filter((s) => s.isActive === active);
}

/** The calendar date and time of an instant in the shop's time zone, as numbers written with two digits (year four). */
export function shopDateParts(instant: Date, timeZone = SHOP_TIME_ZONE) {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return {
    year: part('year'),
    month: part('month'),
    day: part('day'),
    hour: part('hour'),
    minute: part('minute'),
    second: part('second'),
  };
}
