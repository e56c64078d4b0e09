import { describe, expect, it } from 'vitest';
import { formatOrderNumber, isOrderNumber, orderNumberAt } from '@/domain/order/order-number';
import { parisDay, parisYearMonth } from '@/domain/order/paris-calendar';

describe('order number CMD-AAAA-NNNNNN', () => {
  it('the year, then the sequence padded to six digits', () => {
    expect(formatOrderNumber(2026, 123)).toBe('CMD-2026-000123');
    expect(formatOrderNumber(2026, 1)).toBe('CMD-2026-000001');
    expect(formatOrderNumber(2027, 999_999)).toBe('CMD-2027-999999');
  });

  it('a millionth order gets a seventh digit rather than a reused number', () => {
    expect(formatOrderNumber(2030, 1_000_000)).toBe('CMD-2030-1000000');
  });

  it('a sequence must be a whole number from 1', () => {
    expect(() => formatOrderNumber(2026, 0)).toThrow(new RangeError('Order sequence must be a whole number from 1, got 0'));
    expect(() => formatOrderNumber(2026, 1.5)).toThrow(RangeError);
  });

  it('recognises an order number', () => {
    expect(isOrderNumber('CMD-2026-000123')).toBe(true);
    expect(isOrderNumber('CMD-2026-123')).toBe(false);
    expect(isOrderNumber('cmd-2026-000123')).toBe(false);
    expect(isOrderNumber('CMD-2026-000123 ')).toBe(false);
    expect(isOrderNumber('XCMD-2026-000123')).toBe(false);
  });
});

describe('the year and month are those of Paris', () => {
  it('31 December 23:30 UTC is already 1 January in Paris', () => {
    expect(parisYearMonth(Date.parse('2026-12-31T23:30:00Z'))).toEqual({ year: 2027, month: 1 });
  });

  it('22:59 UTC on 31 December is still December in Paris (UTC+1 in winter)', () => {
    expect(parisYearMonth(Date.parse('2026-12-31T22:59:00Z'))).toEqual({ year: 2026, month: 12 });
  });

  it('31 July 22:30 UTC is 1 August in Paris (UTC+2 in summer)', () => {
    expect(parisYearMonth(Date.parse('2026-07-31T22:30:00Z'))).toEqual({ year: 2026, month: 8 });
  });
});

describe('the number of an order placed now', () => {
  it('takes the year of Paris from the clock', () => {
    expect(orderNumberAt(Date.parse('2026-11-23T10:00:00Z'), 123)).toBe('CMD-2026-000123');
    expect(orderNumberAt(Date.parse('2026-12-31T23:30:00Z'), 124)).toBe('CMD-2027-000124');
  });

  it('the day of Paris, as YYYY-MM-DD', () => {
    expect(parisDay(Date.parse('2026-11-23T22:59:00Z'))).toBe('2026-11-23');
    expect(parisDay(Date.parse('2026-11-23T23:00:00Z'))).toBe('2026-11-24');
    expect(parisDay(Date.parse('2026-03-05T08:00:00Z'))).toBe('2026-03-05');
  });
});
