import { SORT_ORDERS, type CatalogueQuery, type SortOrder } from '@/domain/catalogue/catalogue-query';

// The shop's filters live in the address (French names), so a filtered view can be shared,
// bookmarked and survives a reload.
export const PARAM = {
  text: 'q',
  category: 'categorie',
  minPrice: 'prix_min',
  maxPrice: 'prix_max',
  inStockOnly: 'en_stock',
  onSaleOnly: 'promo',
  sort: 'tri',
  page: 'page',
} as const;

/** Twelve cards a page: a phone's first screens, and a short first render on a slow CPU. */
export const SHOP_PAGE_SIZE = 12;

function positiveNumber(raw: string | null): number | undefined {
  if (raw === null || raw.trim() === '') return undefined;
  const value = Number(raw.replace(',', '.'));
  return Number.isFinite(value) && value >= 0 ? value : undefined;
}

/** Unknown or malformed values are dropped, never trusted. */
export function queryFromParams(params: URLSearchParams, fixedCategory?: string): CatalogueQuery {
  const sort = params.get(PARAM.sort);
  const page = positiveNumber(params.get(PARAM.page));
  const text = params.get(PARAM.text)?.trim();
  const query: CatalogueQuery = {
    text: text || undefined,
    category: fixedCategory ?? (params.get(PARAM.category) || undefined),
    minPrice: positiveNumber(params.get(PARAM.minPrice)),
    maxPrice: positiveNumber(params.get(PARAM.maxPrice)),
    inStockOnly: params.get(PARAM.inStockOnly) === '1' || undefined,
    onSaleOnly: params.get(PARAM.onSaleOnly) === '1' || undefined,
    sort: SORT_ORDERS.includes(sort as SortOrder) ? (sort as SortOrder) : undefined,
    page: page && page >= 1 ? Math.floor(page) : undefined,
    pageSize: SHOP_PAGE_SIZE,
  };
  // Absent rather than undefined keys, so equal filters make equal query keys.
  return Object.fromEntries(Object.entries(query).filter(([, v]) => v !== undefined)) as CatalogueQuery;
}

/** A copy of `params` with `key` set (or removed when empty); any filter change goes back to page 1. */
export function withParam(params: URLSearchParams, key: string, value: string | null): URLSearchParams {
  const next = new URLSearchParams(params);
  if (value === null || value === '') next.delete(key);
  else next.set(key, value);
  if (key !== PARAM.page) next.delete(PARAM.page);
  return next;
}

/** The parameters that narrow the results (the order and the page do not). */
const FILTERS = [PARAM.text, PARAM.category, PARAM.minPrice, PARAM.maxPrice, PARAM.inStockOnly, PARAM.onSaleOnly];

export function hasFilters(params: URLSearchParams): boolean {
  return FILTERS.some((key) => !!params.get(key));
}

/** Every filter removed, back to page 1; the chosen order stays. */
export function withoutFilters(params: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const key of [...FILTERS, PARAM.page]) next.delete(key);
  return next;
}
