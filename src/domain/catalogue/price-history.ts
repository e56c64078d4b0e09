// Honest reductions (Code de la consommation, art. L112-1-1; directive 98/6/CE, art. 6 bis, as the
// Omnibus directive 2019/2161 wrote it): a reduction is announced against the lowest price the
// product had in the 30 days before the reduction began. For successive reductions (each price
// lower than the one before) that is the price before the first of them; a product younger than
// 30 days is read over its whole life. The same rule is SQL on Supabase
// (public.price_reference, supabase/migrations/20261126181000_price_history.sql); the catalogue's
// contract suite proves they agree.

/** One price a product had, from `since` (ISO date) until the next change. Euros. */
interface PriceChange {
  readonly price: number;
  readonly since: string;
}

/** Every price a product has had, oldest first. */
export type PriceHistory = readonly PriceChange[];

/** How far back the reference price looks before a reduction begins. */
export const REFERENCE_PERIOD_DAYS = 30;
const DAY_MS = 86_400_000;

/** The prices in force up to `now`, oldest first. */
function pastChanges(history: PriceHistory, now: number): PriceChange[] {
  return history.filter((change) => Date.parse(change.since) <= now).sort((a, b) => Date.parse(a.since) - Date.parse(b.since));
}

/** The history once `price` is set at `now`: one change more, unless the price is the same. */
export function withPrice(history: PriceHistory, price: number, now: number): PriceHistory {
  const past = pastChanges(history, now);
  return past.at(-1)?.price === price ? past : [...past, { price, since: new Date(now).toISOString() }];
}

/** The lowest price in force at some time in the REFERENCE_PERIOD_DAYS before `start` (of `changes`, oldest first); null if none. */
function lowestBefore(changes: readonly PriceChange[], start: number): number | null {
  const from = start - REFERENCE_PERIOD_DAYS * DAY_MS;
  let lowest: number | null = null;
  changes.forEach((change, i) => {
    const begins = Date.parse(change.since);
    const ends = i + 1 < changes.length ? Date.parse(changes[i + 1]!.since) : Number.POSITIVE_INFINITY;
    if (begins < start && ends > from && (lowest === null || change.price < lowest)) lowest = change.price;
  });
  return lowest;
}

/**
 * The price a reduction in force at `now` is announced against: the lowest of the 30 days before
 * the reduction began, where the reduction is the run of successive falls that ends with the
 * current price. Null when the current price is no reduction (it rose, it is the first, or it is
 * not below that lowest price).
 */
export function referencePrice(history: PriceHistory, now: number): number | null {
  const changes = pastChanges(history, now);
  let first = changes.length - 1;
  // A rise, or a first price, is no reduction.
  if (first < 1 || !(changes[first]!.price < changes[first - 1]!.price)) return null;
  while (first > 1 && changes[first - 1]!.price < changes[first - 2]!.price) first -= 1;
  const reference = lowestBefore(changes.slice(0, first), Date.parse(changes[first]!.since));
  return reference !== null && changes.at(-1)!.price < reference ? reference : null;
}

/**
 * What the back office shows the owner before a reduction: the reference of the one in force,
 * or the lowest price of the last 30 days (a new reduction would begin now). Null for a product
 * that has no price yet.
 */
export function referenceForReduction(history: PriceHistory, now: number): number | null {
  return referencePrice(history, now) ?? lowestBefore(pastChanges(history, now), now);
}
