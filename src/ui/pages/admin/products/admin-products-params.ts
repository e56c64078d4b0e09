import type { CatalogueQuery } from '@/domain/catalogue/catalogue-query';
import { STOCK_FILTERS, stockQuery, type StockFilter } from './stock-level';

/** The products list's filters, in the address (French names, like the shop's). */
export const ADMIN_PARAM = { text: 'q', category: 'categorie', stock: 'stock', page: 'page' } as const;

const ADMIN_PAGE_SIZE = 20;

export function stockFilterOf(params: URLSearchParams): StockFilter | undefined {
  const raw = params.get(ADMIN_PARAM.stock);
  return STOCK_FILTERS.includes(raw as StockFilter) ? (raw as StockFilter) : undefined;
}

/** Unknown or malformed values are dropped. Newest first, unless a search ranks by relevance. */
export function adminQueryFromParams(params: URLSearchParams): CatalogueQuery {
  const text = params.get(ADMIN_PARAM.text)?.trim() || undefined;
  const page = Number(params.get(ADMIN_PARAM.page));
  const query: CatalogueQuery = {
    text,
    category: params.get(ADMIN_PARAM.category) || undefined,
    ...stockQuery(stockFilterOf(params)),
    sort: text ? 'pertinence' : 'nouveautes',
    page: Number.isInteger(page) && page >= 1 ? page : undefined,
    pageSize: ADMIN_PAGE_SIZE,
  };
  return Object.fromEntries(Object.entries(query).filter(([, v]) => v !== undefined)) as CatalogueQuery;
}

/** A copy of `params` with `key` set (removed when empty); a filter change goes back to page 1. */
export function withAdminParam(params: URLSearchParams, key: string, value: string | null): URLSearchParams {
  const next = new URLSearchParams(params);
  if (value) next.set(key, value);
  else next.delete(key);
  if (key !== ADMIN_PARAM.page) next.delete(ADMIN_PARAM.page);
  return next;
}
