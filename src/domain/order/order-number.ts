import { parisYearMonth } from './paris-calendar';

/** `CMD-2026-000123`: the year the order was placed (Paris), then the shop's sequence. */
export const ORDER_NUMBER_PATTERN = /^CMD-\d{4}-\d{6,}$/;

/**
 * The readable number of the `sequence`-th order (given by the repository: one sequence for
 * the shop, never reused), zero-padded to six digits; a seventh digit comes when needed.
 */
export function formatOrderNumber(year: number, sequence: number): string {
  if (!Number.isInteger(sequence) || sequence < 1) throw new RangeError(`Order sequence must be a whole number from 1, got ${sequence}`);
  return `CMD-${year}-${String(sequence).padStart(6, '0')}`;
}

export function isOrderNumber(text: string): boolean {
  return ORDER_NUMBER_PATTERN.test(text);
}

/** The number of the `sequence`-th order placed at `now` (ms since the epoch, from the Clock). */
export function orderNumberAt(now: number, sequence: number): string {
  return formatOrderNumber(parisYearMonth(now).year, sequence);
}
