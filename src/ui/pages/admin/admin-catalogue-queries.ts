import { useQuery } from '@tanstack/react-query';
import type { CatalogueQuery } from '@/domain/catalogue/catalogue-query';
import { CATALOGUE } from '@/ports/catalogue';
import { useService } from '../../di/container-context';
import { catalogueKeys } from '../../query/query-keys';
import { valueOf } from '../../query/result-query';

// The back office's own catalogue queries, under the storefront's keys (catalogueKeys), so that
// one invalidation after a change refreshes both.

/** How many products match `query`, and whether the count stopped at its bound (one item fetched: the total is what counts). */
export function useProductCount(query: Omit<CatalogueQuery, 'page' | 'pageSize'>) {
  const catalogue = useService(CATALOGUE);
  const counted: CatalogueQuery = { ...query, pageSize: 1 };
  return useQuery({
    queryKey: catalogueKeys.list(counted),
    queryFn: async () => {
      const { total, totalIsExact } = valueOf(await catalogue.list(counted));
      return { total, totalIsExact };
    },
  });
}

/** Every price the product has had, oldest first; none for a new product (no id). */
export function usePriceHistory(id: string | undefined) {
  const catalogue = useService(CATALOGUE);
  return useQuery({
    queryKey: catalogueKeys.prices(id ?? ''),
    queryFn: async () => (id ? valueOf(await catalogue.priceHistory(id)) : []),
  });
}

/** The product with this id, or null (unknown or deleted), read through the catalogue's list. */
export function useProductById(id: string | undefined) {
  const catalogue = useService(CATALOGUE);
  const query: CatalogueQuery = { ids: id ? [id] : [], pageSize: 1 };
  return useQuery({
    queryKey: catalogueKeys.list(query),
    queryFn: async () => valueOf(await catalogue.list(query)).items[0] ?? null,
    enabled: id !== undefined,
  });
}
