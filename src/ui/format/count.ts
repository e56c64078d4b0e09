// Counts as French shoppers read them: « 1 234 produits » (a narrow no-break space between groups
// of thousands, as prices have it: src/domain/price-format.ts), « 1 produit » and « 0 produit » (French
// takes the singular below 2), and « plus de 1 000 produits » past the bound the catalogue counts
// to (COUNT_BOUND). No Intl: its first number format on a page loads the locale's data.

/** 1234 -> « 1 234 »: whole numbers, groups of three digits apart by U+202F. */
export function formatCount(n: number): string {
  return String(Math.trunc(n)).replace(/\B(?=(\d{3})+$)/g, '\u202f');
}

/** « 0 abonné actif », « 1 commande », « 1 234 commandes »: the count, then its noun (singular below 2). */
export function countOf(n: number, singular: string, plural: string): string {
  return `${formatCount(n)}\u00a0${n >= 2 ? plural : singular}`;
}

/** « 1 234 produits », « 1 produit », or « plus de 1 000 produits » when the count stopped at `total`. */
export function productCount({ total, totalIsExact }: { total: number; totalIsExact: boolean }): string {
  return totalIsExact ? countOf(total, 'produit', 'produits') : `plus de ${countOf(total, 'produit', 'produits')}`;
}
