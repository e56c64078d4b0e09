// The shop's one way of writing euros: its pages, the prerendered ones and its mails alike.
// Prices as French shoppers read them: « 1 234,50 € » (a narrow no-break space between groups
// of thousands, a no-break space before the sign), exactly as Intl.NumberFormat('fr-FR', EUR)
// writes them: rounded half away from zero on the amount's shortest decimal writing (0.285 gives
// 0,29 €), the sign kept down to -0,00 €. Written here rather than by Intl, whose first number
// format on a page loads the locale's data: 10 to 25 ms of the main thread on a first visit
// (tests/unit/domain/price-format.test.ts holds this to Intl's output).

let intl: Intl.NumberFormat | undefined;

/** 1234.5 -> « 1 234,50 € » (French grouping and a no-break space before the sign). */
export function formatPrice(amount: number): string {
  const written = String(Math.abs(amount));
  // An exponent (below a millionth, or from 1e21), Infinity or NaN: never a price; Intl's answer.
  if (!/^\d+(\.\d+)?$/.test(written)) return (intl ??= new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' })).format(amount);
  const [units, decimals = ''] = written.split('.');
  const cents = String(BigInt(`${units}${decimals.padEnd(2, '0').slice(0, 2)}`) + ((decimals[2] ?? '') >= '5' ? 1n : 0n)).padStart(3, '0');
  const sign = amount < 0 || Object.is(amount, -0) ? '-' : '';
  return `${sign}${cents.slice(0, -2).replace(/\B(?=(\d{3})+$)/g, '\u202f')},${cents.slice(-2)}\u00a0€`;
}

/** 4960 (whole cents, as orders keep money) -> « 49,60 € ». */
export function formatCents(cents: number): string {
  return formatPrice(cents / 100);
}
