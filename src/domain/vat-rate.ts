// French VAT rates (code général des impôts, art. 278 to 281 nonies), in basis points: 20 % is
// 2000. A rate is one of these four, never a float: money math stays on whole numbers.

/** The rates a product may have, highest first (the order of the back office's select). */
export const VAT_RATES = [2000, 1000, 550, 210] as const;
export type VatRate = (typeof VAT_RATES)[number];

/** Taux normal: every product whose category says nothing else, and the delivery of an order without goods. */
export const STANDARD_VAT_RATE: VatRate = 2000;
/** Taux réduit: most food (épicerie, thé, chocolat noir…) and books. */
export const FOOD_VAT_RATE: VatRate = 550;

/**
 * A rate as French people write it: 550 → « 5,5 % » (no-break space before %). Every rate is
 * under 100 % with at most two decimals, so its shortest writing with a decimal comma is the
 * French one; no Intl, whose first use loads the locale's data (VAT_RATE_LABELS is built at start).
 */
export function formatVatRate(rate: VatRate): string {
  return `${String(rate / 100).replace('.', ',')}\u00a0%`;
}

/** The back office's select: each rate with what it is for. */
export const VAT_RATE_LABELS: Readonly<Record<VatRate, string>> = {
  2000: `${formatVatRate(2000)} (taux normal)`,
  1000: `${formatVatRate(1000)} (taux intermédiaire)`,
  550: `${formatVatRate(550)} (taux réduit\u00a0: alimentation, livres)`,
  210: `${formatVatRate(210)} (taux particulier\u00a0: presse, médicaments remboursables)`,
};

export function isVatRate(value: unknown): value is VatRate {
  return typeof value === 'number' && (VAT_RATES as readonly number[]).includes(value);
}

/**
 * The VAT included in an amount TTC at `rate`: amount − amount / (1 + rate), rounded to the cent,
 * half a cent up. On integers (amount × rate / (10 000 + rate)), so no float error moves a half cent.
 */
export function vatIncludedAt(amountCents: number, rate: VatRate): number {
  const divisor = 10_000 + rate;
  return Math.floor((2 * amountCents * rate + divisor) / (2 * divisor));
}

/** The label of one rate's VAT in an order's totals: « dont TVA 5,5 % : » (no-break spaces before % and :). */
export function vatLineLabel(rate: VatRate): string {
  return `dont TVA ${formatVatRate(rate)}\u00a0:`;
}
