import { SHOP_TIME_ZONE } from '../shop-time';

// The shop is French: an order's year and day and a card's month are those of Paris, not of UTC
// (an order placed at 00:30 on 1 January in Paris is of the new year, while UTC still says
// 31 December).

const PARTS = new Intl.DateTimeFormat('en-GB', { timeZone: SHOP_TIME_ZONE, year: 'numeric', month: 'numeric', day: 'numeric' });

function parisDate(ms: number): { year: number; month: number; day: number } {
  const parts = PARTS.formatToParts(new Date(ms));
  const value = (type: 'year' | 'month' | 'day') => Number(parts.find((part) => part.type === type)?.value);
  return { year: value('year'), month: value('month'), day: value('day') };
}

/** The year and month (1–12) in Paris at `ms` since the epoch. */
export function parisYearMonth(ms: number): { year: number; month: number } {
  const { year, month } = parisDate(ms);
  return { year, month };
}

/** The day in Paris at `ms` since the epoch, as YYYY-MM-DD. */
export function parisDay(ms: number): string {
  const { year, month, day } = parisDate(ms);
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}
