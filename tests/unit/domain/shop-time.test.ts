import { describe, expect, it } from 'vitest';
import { shopCalendarDay, shopDay, shopDayAndTime, shopNumericDateTime, shopWeekdayAndTime } from '@/domain/shop-time';

// 22:30 UTC on 31 December is already 1 January in Paris (winter: UTC+1); 16:05 UTC in July is 18:05 (summer: UTC+2).
const NEW_YEAR_IN_PARIS = '2026-12-31T23:30:00Z';
const SUMMER = '2026-07-09T16:05:00Z';

describe('the shop writes every date in Paris, the French way', () => {
  it('a day: « 1 janvier 2027 », Paris’s day whatever UTC says', () => {
    expect(shopDay(NEW_YEAR_IN_PARIS)).toBe('1 janvier 2027');
    expect(shopDay(SUMMER)).toBe('9 juillet 2026');
  });

  it('a Paris calendar day (YYYY-MM-DD) as written', () => {
    expect(shopCalendarDay('2026-11-16')).toBe('16 novembre 2026');
    expect(shopCalendarDay('2027-03-28')).toBe('28 mars 2027');
  });

  it('a day and time: « 1 janvier 2027 à 00:30 », summer time included', () => {
    expect(shopDayAndTime(NEW_YEAR_IN_PARIS)).toBe('1 janvier 2027 à 00:30');
    expect(shopDayAndTime(SUMMER)).toBe('9 juillet 2026 à 18:05');
  });

  it('a mail’s date and time, with the weekday', () => {
    expect(shopWeekdayAndTime(SUMMER)).toBe('jeudi 9 juillet 2026 à 18:05');
  });

  it('a date and time in figures, and a stored date that cannot be read as it is', () => {
    expect(shopNumericDateTime(NEW_YEAR_IN_PARIS)).toBe('01/01/2027 00:30');
    expect(shopNumericDateTime('pas une date')).toBe('pas une date');
  });
});
