import type { CatalogueProduct } from './catalogue-product';

export const SORT_ORDERS = ['pertinence', 'prix-croissant', 'prix-decroissant', 'nouveautes', 'remises'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

export const SORT_LABELS: Record<SortOrder, string> = {
  pertinence: 'Pertinence',
  'prix-croissant': 'Prix croissant',
  'prix-decroissant': 'Prix décroissant',
  nouveautes: 'Nouveautés',
  remises: 'Meilleures remises',
};

export const DEFAULT_PAGE_SIZE = 24;

/** What a shopper asks of the catalogue; every field optional (absent = no constraint). */
export interface CatalogueQuery {
  text?: string;
  category?: string;
  minPrice?: number;
  maxPrice?: number;
  inStockOnly?: boolean;
  onSaleOnly?: boolean;
  sort?: SortOrder;
  /** Only these products (the cart's, the favorites'): an id the catalogue does not sell is left out. */
  ids?: readonly string[];
  /** 1-based. */
  page?: number;
  pageSize?: number;
}

export interface CataloguePage {
  items: readonly CatalogueProduct[];
  total: number;
  page: number;
  pageSize: number;
  pageCount: number;
}
