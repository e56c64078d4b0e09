const euros = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' });

/** 1234.5 -> « 1 234,50 € » (French grouping and a no-break space before the sign). */
export function formatPrice(amount: number): string {
  return euros.format(amount);
}
