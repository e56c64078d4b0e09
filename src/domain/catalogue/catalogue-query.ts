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

/**
 * Counts are exact up to this many products; past it the shopper reads « plus de 1 000
 * produits ». Counting stops there, so a search that 50,000 products match costs no more to count
 * than one that 1,001 match (docs/performance.md).
 */
export const COUNT_BOUND = 1000;

/** What a shopper asks of the catalogue; every field optional (absent = no constraint). */
export interface CatalogueQuery {
  text?: string;
  category?: string;
  minPrice?: number;
  maxPrice?: number;
  inStockOnly?: boolean;
  onSaleOnly?: boolean;
  /** Only products with at most this many units on hand (the back office's « épuisé », « stock faible »). */
  maxStock?: number;
  sort?: SortOrder;
  /** Only these products (the cart's, the favorites'): an id the catalogue does not sell is left out. */
  ids?: readonly string[];
  /** 1-based. */
  page?: number;
  pageSize?: number;
}

export interface CataloguePage {
  items: readonly CatalogueProduct[];
  /** How many products the query finds when `totalIsExact`; otherwise more than this many (countLimit). */
  total: number;
  totalIsExact: boolean;
  page: number;
  pageSize: number;
  pageCount: number;
}

/** A usable number, or undefined: NaN, infinities and negatives are ignored, never thrown. */
export function usableNumber(value: number | undefined): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : undefined;
}

/**
 * Where a query's page falls among `total` results (Infinity while the total is unknown; more
 * than `total` when it is not exact: then one page more is known to exist): the page size asked
 * (a whole number from 1, DEFAULT_PAGE_SIZE otherwise), at least one page however empty, and the
 * page asked (a whole number from 1) or the last one.
 */
export function pagingOf(query: CatalogueQuery, total: number, exact = true): { page: number; pageSize: number; pageCount: number } {
  const size = usableNumber(query.pageSize);
  const pageSize = size !== undefined && size >= 1 ? Math.floor(size) : DEFAULT_PAGE_SIZE;
  const pageCount = Math.max(1, Math.ceil((exact ? total : total + 1) / pageSize));
  return { page: Math.min(pageCount, Math.max(1, Math.floor(usableNumber(query.page) ?? 1))), pageSize, pageCount };
}

/**
 * How far a page's count goes: `bound` products, or to the end of the page asked when it lies
 * further (page 50 of 24 still knows that products follow it). A count that finds more than this
 * says « more than countLimit ».
 */
export function countLimit(query: CatalogueQuery, bound: number = COUNT_BOUND): number {
  const { pageSize } = pagingOf(query, Infinity);
  const page = Math.max(1, Math.floor(usableNumber(query.page) ?? 1));
  return Math.max(bound, Math.min(Number.MAX_SAFE_INTEGER, page * pageSize));
}

/** The total a page shows, from a count that read at most `limit + 1` products. */
export function boundedTotal(counted: number, limit: number): { total: number; totalIsExact: boolean } {
  return counted > limit ? { total: limit, totalIsExact: false } : { total: counted, totalIsExact: true };
}
