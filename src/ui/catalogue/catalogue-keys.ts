import type { CatalogueQuery } from '../../domain/catalogue/catalogue-query';

/** One key factory for the catalogue, so a change can invalidate exactly what it touches. */
export const catalogueKeys = {
  all: ['catalogue'] as const,
  lists: () => [...catalogueKeys.all, 'list'] as const,
  list: (query: CatalogueQuery) => [...catalogueKeys.lists(), query] as const,
  product: (slug: string) => [...catalogueKeys.all, 'product', slug] as const,
  related: (id: string, limit: number) => [...catalogueKeys.all, 'related', id, limit] as const,
  categories: () => [...catalogueKeys.all, 'categories'] as const,
};
