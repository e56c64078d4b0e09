import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { CatalogueProduct } from '@/domain/catalogue/catalogue-product';
import type { CatalogueQuery } from '@/domain/catalogue/catalogue-query';
import { CATALOGUE } from '@/ports/catalogue';
import { useService } from '../di/container-context';
import { catalogueKeys } from '../query/query-keys';
import { isFailure, valueOf } from '../query/result-query';

export function useCatalogueList(query: CatalogueQuery) {
  const catalogue = useService(CATALOGUE);
  return useQuery({
    queryKey: catalogueKeys.list(query),
    queryFn: async () => valueOf(await catalogue.list(query)),
    // Typing in the search box keeps the previous results on screen until the new ones are in.
    placeholderData: keepPreviousData,
    // A search too long is the rule's answer, not a glitch: asked again, it would say the same.
    retry: (failures, error) => !isFailure(error, 'search-too-long') && failures < 3,
  });
}

/** The product with this slug; null when there is none. */
export function useProduct(slug: string) {
  const catalogue = useService(CATALOGUE);
  return useQuery({ queryKey: catalogueKeys.product(slug), queryFn: async () => valueOf(await catalogue.getBySlug(slug)) });
}

export function useRelatedProducts(product: CatalogueProduct | null | undefined, limit = 4) {
  const catalogue = useService(CATALOGUE);
  return useQuery({
    queryKey: catalogueKeys.related(product?.id ?? '', limit),
    queryFn: async () => valueOf(await catalogue.related(product!, limit)),
    enabled: !!product,
  });
}

export function useCategories() {
  const catalogue = useService(CATALOGUE);
  return useQuery({ queryKey: catalogueKeys.categories(), queryFn: async () => valueOf(await catalogue.categories()), staleTime: Infinity });
}
