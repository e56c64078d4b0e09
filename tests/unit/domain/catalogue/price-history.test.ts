import { describe, expect, it } from 'vitest';
import { referenceForReduction, referencePrice, REFERENCE_PERIOD_DAYS, withPrice, type PriceHistory } from '@/domain/catalogue/price-history';
import { FakeClock } from '../../../fakes/fake-clock';

const DAY = 86_400_000;
const clock = new FakeClock('2026-11-26T12:00:00.000Z');
/** An ISO date `days` before the fake clock's now. */
const ago = (days: number) => new Date(clock.now() - days * DAY).toISOString();
const history = (...changes: Array<[price: number, daysAgo: number]>): PriceHistory => changes.map(([price, days]) => ({ price, since: ago(days) }));

describe(`a reduction is announced against the lowest price of the ${REFERENCE_PERIOD_DAYS} days before it began`, () => {
  it('a fall after a long regular price: the regular price', () => {
    expect(referencePrice(history([100, 90], [80, 5]), clock.now())).toBe(100);
  });

  it('a price raised within the 30 days before the fall does not count: the lower price before it is the reference', () => {
    // 80 until 20 days ago, raised to 100, lowered to 90 yesterday: 90 is no reduction (80 is the lowest).
    expect(referencePrice(history([80, 90], [100, 20], [90, 1]), clock.now())).toBeNull();
    // Lowered to 70: a reduction against 80, not against 100.
    expect(referencePrice(history([80, 90], [100, 20], [70, 1]), clock.now())).toBe(80);
  });

  it(`a price that ended more than ${REFERENCE_PERIOD_DAYS} days before the fall no longer counts`, () => {
    // 80 until 40 days ago, then 100: the fall 5 days ago looks back to 35 days ago, where only 100 was in force.
    expect(referencePrice(history([80, 90], [100, 40], [90, 5]), clock.now())).toBe(100);
    // The same history with 80 ending 34 days ago: 80 was still in force 35 days ago.
    expect(referencePrice(history([80, 90], [100, 34], [90, 5]), clock.now())).toBeNull();
  });

  it('successive reductions keep the reference of the first one, however long ago it began', () => {
    const steps = history([100, 120], [90, 60], [80, 20], [70, 2]);
    expect(referencePrice(steps, clock.now())).toBe(100);
    // Had 90 been the regular price, the fall to 80 would have been announced against 90.
    expect(referencePrice(history([90, 60], [80, 20]), clock.now())).toBe(90);
  });

  it('a rise ends the reduction: the price after it is no reduction, even below the first reference', () => {
    expect(referencePrice(history([100, 90], [80, 20], [90, 2]), clock.now())).toBeNull();
  });

  it(`a product younger than ${REFERENCE_PERIOD_DAYS} days: the lowest over its whole life`, () => {
    expect(referencePrice(history([60, 12], [50, 8], [40, 3]), clock.now())).toBe(60);
    expect(referencePrice(history([50, 12], [60, 8], [40, 3]), clock.now())).toBe(50);
    expect(referencePrice(history([50, 12], [60, 8], [55, 3]), clock.now())).toBeNull();
  });

  it('a product with one price, or none, has no reduction; a price set in the future is not yet in force', () => {
    expect(referencePrice(history([50, 90]), clock.now())).toBeNull();
    expect(referencePrice([], clock.now())).toBeNull();
    expect(referencePrice([...history([100, 90]), { price: 80, since: new Date(clock.now() + DAY).toISOString() }], clock.now())).toBeNull();
  });

  it('time passing does not change a reduction’s reference: the clock only says what is in force', () => {
    const later = new FakeClock(clock.now());
    const sale = history([100, 90], [80, 5]);
    later.advance(200 * DAY);
    expect(referencePrice(sale, later.now())).toBe(100);
  });
});

describe('the back office’s reference before a reduction', () => {
  it(`is the lowest price of the last ${REFERENCE_PERIOD_DAYS} days when no reduction runs`, () => {
    expect(referenceForReduction(history([100, 90]), clock.now())).toBe(100);
    expect(referenceForReduction(history([80, 90], [100, 10]), clock.now())).toBe(80);
    expect(referenceForReduction(history([80, 90], [100, 31]), clock.now())).toBe(100);
  });

  it('is the running reduction’s reference while one runs', () => {
    expect(referenceForReduction(history([100, 90], [80, 40]), clock.now())).toBe(100);
  });

  it('is none for a product with no price yet', () => {
    expect(referenceForReduction([], clock.now())).toBeNull();
  });

  it('and setting the price appends one change, none when it is the same', () => {
    const before = history([100, 90]);
    expect(withPrice(before, 100, clock.now())).toEqual(before);
    expect(withPrice(before, 80, clock.now())).toEqual([...before, { price: 80, since: ago(0) }]);
    expect(referencePrice(withPrice(before, 80, clock.now()), clock.now())).toBe(100);
    expect(referencePrice(withPrice(before, 100.01, clock.now()), clock.now())).toBeNull();
  });
});
