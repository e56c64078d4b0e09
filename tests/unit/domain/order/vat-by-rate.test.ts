import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeTotals, vatByRate } from '@/domain/order/order-totals';
import { FOOD_VAT_RATE, formatVatRate, isVatRate, STANDARD_VAT_RATE, VAT_RATES, vatIncludedAt, type VatRate } from '@/domain/vat-rate';

const line = (unitPriceCents: number, vatRate: VatRate, quantity = 1) => ({ unitPriceCents, quantity, vatRate });

describe('the French VAT rates', () => {
  it('20 %, 10 %, 5,5 % and 2,1 %, in basis points; food is at 5,5 %, the rest at 20 %', () => {
    expect(VAT_RATES).toEqual([2000, 1000, 550, 210]);
    expect(STANDARD_VAT_RATE).toBe(2000);
    expect(FOOD_VAT_RATE).toBe(550);
  });

  it('are written the French way, with a comma and a no-break space before %', () => {
    expect(VAT_RATES.map(formatVatRate)).toEqual(['20\u00a0%', '10\u00a0%', '5,5\u00a0%', '2,1\u00a0%']);
  });

  it('nothing else is a rate: no float, no percentage', () => {
    expect([2000, 550, 210, 1000].every(isVatRate)).toBe(true);
    expect([0.2, 20, 5.5, 0.055, 500, 1960, '2000', null].some(isVatRate)).toBe(false);
  });
});

describe('the VAT included in an amount TTC, rounded to the cent (half up)', () => {
  it.each([
    [12000, 2000, 2000], // 120,00 € at 20 %: 20,00 € exactly
    [3, 2000, 1], // 0,005 €: half a cent goes up
    [1100, 550, 57], // 11,00 − 11,00 / 1,055 = 0,5734… → 0,57 €
    [1000, 550, 52], // 0,5213… → 0,52 €
    [1100, 1000, 100], // 11,00 at 10 %: 1,00 € exactly
    [10210, 210, 210], // 102,10 at 2,1 %: 2,10 € exactly
    [0, 550, 0],
  ] as const)('%i cents at %i basis points hold %i cents of VAT', (amount, rate, vat) => {
    expect(vatIncludedAt(amount, rate)).toBe(vat);
  });
});

describe('VAT per rate of an order', () => {
  it('a food-only order is taxed at 5,5 %, not 20 %, its delivery fee too', () => {
    // Chocolat noir 70 % (5,50 €) × 2, home delivery 4,90 €: 15,90 € at 5,5 %.
    const totals = computeTotals([line(550, 550, 2)], 'domicile');
    expect(totals.vatByRate).toEqual([{ rate: 550, baseCents: 1590, vatCents: 83 }]);
    expect(totals.vatIncludedCents).toBe(83); // 15,90 − 15,90 / 1,055 = 0,8289…
  });

  it('a mixed cart: one line per rate, lowest first, the delivery fee split pro rata between them', () => {
    // 11,00 € of food at 5,5 % and 24,90 € at 20 %, home delivery 4,90 €:
    // food's share of the fee is 4,90 × 11,00 / 35,90 = 1,5013… → 1,50 €, the rest (3,40 €) at 20 %.
    const totals = computeTotals([line(550, 550, 2), line(2490, 2000)], 'domicile');
    expect(totals.vatByRate).toEqual([
      { rate: 550, baseCents: 1250, vatCents: 65 }, // 12,50 − 12,50 / 1,055 = 0,6516…
      { rate: 2000, baseCents: 2830, vatCents: 472 }, // 28,30 − 28,30 / 1,2 = 4,7166…
    ]);
    expect(totals.vatIncludedCents).toBe(537);
    expect(totals.totalCents).toBe(4080);
  });

  it('the delivery shares add up to the fee: the rate with the most goods takes the rounding, the higher one on a tie', () => {
    // Equal goods, 4,91 € of fee: 2,455 € each; 5,5 %'s half is rounded up to 2,46 €, 20 % takes 2,45 €.
    expect(vatByRate([line(1000, 550), line(1000, 2000)], 491).map(({ rate, baseCents }) => [rate, baseCents])).toEqual([
      [550, 1246],
      [2000, 1245],
    ]);
    // More goods at 5,5 %: 5,5 % takes the rest. 2,00 / 5,00 of 3,90 € = 1,56 € at 20 %, 2,34 € at 5,5 %.
    expect(vatByRate([line(300, 550), line(200, 2000)], 390).map(({ rate, baseCents }) => [rate, baseCents])).toEqual([
      [550, 534],
      [2000, 356],
    ]);
  });

  it('free delivery: the bases are the goods of each rate', () => {
    const totals = computeTotals([line(3000, 2000), line(3000, 550)], 'domicile');
    expect(totals.deliveryCents).toBe(0);
    expect(totals.vatByRate.map(({ rate, baseCents }) => [rate, baseCents])).toEqual([
      [550, 3000],
      [2000, 3000],
    ]);
  });

  it('the VAT of a rate is rounded once, on the sum of its lines, never line by line', () => {
    // Three lines of 0,10 € at 5,5 %: 0,0052… each would round to 0,01 € three times; 0,30 € holds 0,0156… → 0,02 €.
    expect(vatByRate([line(10, 550), line(10, 550), line(10, 550)], 0)).toEqual([{ rate: 550, baseCents: 30, vatCents: 2 }]);
  });

  it('a delivery fee without goods is at the standard rate', () => {
    expect(vatByRate([], 490)).toEqual([{ rate: 2000, baseCents: 490, vatCents: 82 }]);
    expect(vatByRate([], 0)).toEqual([]);
  });

  const rate = fc.constantFrom(...VAT_RATES);
  const lines = fc.array(fc.record({ unitPriceCents: fc.integer({ min: 1, max: 1_000_000 }), quantity: fc.integer({ min: 1, max: 20 }), vatRate: rate }), {
    minLength: 1,
    maxLength: 20,
  });

  it('property: the bases add up to the total, each at least its goods; each VAT within half a cent of base − base / (1 + rate)', () => {
    fc.assert(
      fc.property(lines, fc.integer({ min: 0, max: 2000 }), (someLines, fee) => {
        const byRate = vatByRate(someLines, fee);
        const goods = (r: VatRate) => someLines.filter((l) => l.vatRate === r).reduce((sum, l) => sum + l.unitPriceCents * l.quantity, 0);
        expect(byRate.reduce((sum, r) => sum + r.baseCents, 0)).toBe(goods(2000) + goods(1000) + goods(550) + goods(210) + fee);
        expect(byRate.map((r) => r.rate)).toEqual([...new Set(someLines.map((l) => l.vatRate))].sort((a, b) => a - b));
        for (const r of byRate) {
          expect(r.baseCents).toBeGreaterThanOrEqual(goods(r.rate));
          expect(Number.isInteger(r.vatCents)).toBe(true);
          expect(Math.abs(r.vatCents - (r.baseCents - r.baseCents / (1 + r.rate / 10_000)))).toBeLessThanOrEqual(0.5 + 1e-6);
        }
      }),
    );
  });
});
