import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DELIVERY_FEES_CENTS, DELIVERY_METHOD_LABELS, DELIVERY_METHODS, FREE_DELIVERY_THRESHOLD_CENTS } from '@/domain/order/order-constants';
import { PAYMENT_METHOD_LABELS } from '@/domain/order/payment';
import { computeTotals, deliveryFeeCents, toCents } from '@/domain/order/order-totals';
import { vatIncludedAt } from '@/domain/vat-rate';

const vatIncludedCents = (totalCents: number) => vatIncludedAt(totalCents, 2000);

const line = (euros: number, quantity = 1) => ({ unitPriceCents: toCents(euros), quantity, vatRate: 2000 as const });

describe('delivery methods and their fees', () => {
  it('the three methods, with their French names', () => {
    expect(DELIVERY_METHODS).toEqual(['domicile', 'point-relais', 'retrait-boutique']);
    expect(DELIVERY_METHOD_LABELS).toEqual({
      domicile: 'Livraison à domicile',
      'point-relais': 'Point relais',
      'retrait-boutique': 'Retrait en boutique',
    });
  });

  it('home delivery costs 4,90 €, a relay 3,90 €, pickup in the shop nothing', () => {
    expect(DELIVERY_FEES_CENTS).toEqual({ domicile: 490, 'point-relais': 390, 'retrait-boutique': 0 });
    expect(computeTotals([line(20)], 'domicile').deliveryCents).toBe(490);
    expect(computeTotals([line(20)], 'point-relais').deliveryCents).toBe(390);
    expect(computeTotals([line(20)], 'retrait-boutique').deliveryCents).toBe(0);
  });
});

describe('free delivery from 60,00 € of products, for home and relay', () => {
  it('the threshold is 60,00 €', () => {
    expect(FREE_DELIVERY_THRESHOLD_CENTS).toBe(6000);
  });

  it('a subtotal of exactly 60,00 € is delivered free at home and to a relay', () => {
    expect(deliveryFeeCents('domicile', 6000)).toBe(0);
    expect(deliveryFeeCents('point-relais', 6000)).toBe(0);
    expect(computeTotals([line(30, 2)], 'domicile')).toEqual({
      subtotalCents: 6000,
      deliveryCents: 0,
      totalCents: 6000,
      vatIncludedCents: 1000,
      vatByRate: [{ rate: 2000, baseCents: 6000, vatCents: 1000 }],
    });
  });

  it('a subtotal of 59,99 € pays the fee', () => {
    expect(deliveryFeeCents('domicile', 5999)).toBe(490);
    expect(deliveryFeeCents('point-relais', 5999)).toBe(390);
    expect(computeTotals([line(59.99)], 'domicile')).toEqual({
      subtotalCents: 5999,
      deliveryCents: 490,
      totalCents: 6489,
      vatIncludedCents: 1082,
      vatByRate: [{ rate: 2000, baseCents: 6489, vatCents: 1082 }],
    });
  });

  it('pickup stays free below the threshold', () => {
    expect(deliveryFeeCents('retrait-boutique', 100)).toBe(0);
  });

  it('the threshold counts the products only, not the delivery fee', () => {
    // 45,00 € + 4,90 € = 49,90 € would pass it: the fee is still charged.
    expect(computeTotals([line(45)], 'domicile').deliveryCents).toBe(490);
  });
});

describe('VAT 20 % included in TTC prices, rounded to the cent', () => {
  it.each([
    [12000, 2000], // 120,00 € TTC holds 20,00 € of VAT exactly
    [490, 82], // 4,90 − 4,0833… = 0,8166… → 0,82 €
    [4900, 817], // 49,00 − 40,8333… = 8,1666… → 8,17 €
    [1000, 167], // 10,00 − 8,3333… = 1,6666… → 1,67 €
    [100, 17], // 1,00 − 0,8333… = 0,1666… → 0,17 €
    [3, 1], // 0,03 − 0,025 = 0,005: half a cent goes up
    [9, 2], // 0,09 − 0,075 = 0,015 → 0,02 €
    [7, 1], // 0,07 − 0,0583… = 0,0116… → 0,01 €
    [0, 0],
  ])('a total of %i cents includes %i cents of VAT', (total, vat) => {
    expect(vatIncludedCents(total)).toBe(vat);
  });
});

describe('totals in whole cents', () => {
  it('prices with float error in euros add up exactly: 0,10 € + 0,20 € is 0,30 €', () => {
    expect(computeTotals([line(0.1), line(0.2)], 'retrait-boutique').subtotalCents).toBe(30);
  });

  it('24,90 € × 3 + 12,35 € to a relay', () => {
    expect(computeTotals([line(24.9, 3), line(12.35)], 'point-relais')).toEqual({
      subtotalCents: 8705,
      deliveryCents: 0,
      totalCents: 8705,
      vatIncludedCents: 1451,
      vatByRate: [{ rate: 2000, baseCents: 8705, vatCents: 1451 }],
    });
  });

  const lines = fc.array(
    fc.record({ unitPriceCents: fc.integer({ min: 1, max: 1_000_000 }), quantity: fc.integer({ min: 1, max: 50 }), vatRate: fc.constant(2000 as const) }),
    {
      maxLength: 20,
    },
  );
  const method = fc.constantFrom(...DELIVERY_METHODS);

  it('property: the total is the sum of the lines plus the delivery fee of the method', () => {
    fc.assert(
      fc.property(lines, method, (someLines, someMethod) => {
        const totals = computeTotals(someLines, someMethod);
        const sum = someLines.reduce((acc, l) => acc + l.unitPriceCents * l.quantity, 0);
        expect(totals.subtotalCents).toBe(sum);
        expect(totals.deliveryCents).toBe(deliveryFeeCents(someMethod, sum));
        expect(totals.totalCents).toBe(sum + totals.deliveryCents);
        expect(Number.isInteger(totals.totalCents)).toBe(true);
      }),
    );
  });

  it('property: the VAT is a whole number of cents, never above the total, within half a cent of total − total / 1.2', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000_000 }), (total) => {
        const vat = vatIncludedCents(total);
        expect(Number.isInteger(vat)).toBe(true);
        expect(vat).toBeGreaterThanOrEqual(0);
        expect(vat).toBeLessThanOrEqual(total);
        expect(Math.abs(vat - (total - total / 1.2))).toBeLessThanOrEqual(0.5 + 1e-6);
      }),
    );
  });
});

it('the payment methods, with their French names', () => {
  expect(PAYMENT_METHOD_LABELS).toEqual({ 'a-la-livraison': 'Paiement à la livraison', carte: 'Carte bancaire' });
});
