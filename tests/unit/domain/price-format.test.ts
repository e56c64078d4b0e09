// Prices are written as Intl.NumberFormat('fr-FR', EUR) writes them, character for character:
// the shop's own formatter (src/domain/price-format.ts) must never differ from it.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatCents, formatPrice } from '@/domain/price-format';

const intl = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' });

describe('formatPrice writes euros the French way, as Intl does', () => {
  it('groups thousands with a narrow no-break space and puts a no-break space before €', () => {
    expect(formatPrice(1234.5)).toBe('1\u202f234,50\u00a0€');
    expect(formatPrice(12)).toBe('12,00\u00a0€');
    expect(formatPrice(1_000_000)).toBe('1\u202f000\u202f000,00\u00a0€');
  });

  it('rounds half away from zero on the shortest decimal writing of the amount', () => {
    expect(formatPrice(0.285)).toBe(intl.format(0.285));
    expect(formatPrice(1.005)).toBe('1,01\u00a0€');
    expect(formatPrice(999.995)).toBe('1\u202f000,00\u00a0€');
    expect(formatPrice(0.004)).toBe('0,00\u00a0€');
  });

  it('keeps the sign of a negative amount, down to -0,00 €', () => {
    for (const amount of [-12.5, -0, -0.001, -1234.567]) expect(formatPrice(amount)).toBe(intl.format(amount));
  });

  it('matches Intl for every whole number of cents up to a hundred million euros', () => {
    fc.assert(
      fc.property(fc.integer({ min: -10_000_000_000, max: 10_000_000_000 }), (cents) => formatPrice(cents / 100) === intl.format(cents / 100)),
      { numRuns: 20_000 },
    );
  });

  it('matches Intl for any amount, prices computed with floating-point error included', () => {
    fc.assert(
      fc.property(fc.double({ min: -1e9, max: 1e9, noNaN: true }), (amount) => formatPrice(amount) === intl.format(amount)),
      { numRuns: 20_000 },
    );
  });

  it('gives Intl its say where JavaScript writes the amount with an exponent', () => {
    for (const amount of [1e-7, -1e-9, 1e21, Infinity]) expect(formatPrice(amount)).toBe(intl.format(amount));
  });
});

describe('formatCents writes the whole cents orders keep as euros', () => {
  it('is the euros of the cents, as formatPrice writes them', () => {
    expect(formatCents(4960)).toBe('49,60\u00a0€');
    expect(formatCents(123_450)).toBe('1\u202f234,50\u00a0€');
    expect(formatCents(5)).toBe('0,05\u00a0€');
    expect(formatCents(0)).toBe('0,00\u00a0€');
  });
});
