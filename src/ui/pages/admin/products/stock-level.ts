import type { CatalogueQuery } from '@/domain/catalogue/catalogue-query';
import { LOW_STOCK_THRESHOLD } from '@/domain/constants';

/** The back office's stock filter, as written in the address (?stock=…). */
export const STOCK_FILTERS = ['en-stock', 'faible', 'epuise'] as const;
export type StockFilter = (typeof STOCK_FILTERS)[number];

export const STOCK_FILTER_LABELS: Record<StockFilter | 'tous', string> = {
  tous: 'Tous',
  'en-stock': 'En stock',
  faible: 'Stock faible',
  epuise: 'Épuisé',
};

/** The catalogue query of a stock filter: « faible » is 0 < stock < LOW_STOCK_THRESHOLD, « épuisé » stock 0. */
export function stockQuery(filter: StockFilter | undefined): Pick<CatalogueQuery, 'inStockOnly' | 'maxStock'> {
  switch (filter) {
    case 'en-stock':
      return { inStockOnly: true };
    case 'faible':
      return { inStockOnly: true, maxStock: LOW_STOCK_THRESHOLD - 1 };
    case 'epuise':
      return { maxStock: 0 };
    default:
      return {};
  }
}

/** One product's stock as the back office names it. */
export function stockLevel(product: { stock: number; inStock: boolean }): StockFilter {
  if (product.stock <= 0 || !product.inStock) return 'epuise';
  return product.stock < LOW_STOCK_THRESHOLD ? 'faible' : 'en-stock';
}
