import type { Category, CatalogueProduct } from '@/domain/catalogue/catalogue-product';
import type { CataloguePage, CatalogueQuery } from '@/domain/catalogue/catalogue-query';
import type { PriceHistory } from '@/domain/catalogue/price-history';
import type { Result } from '@/domain/result';
import type { Catalogue } from '@/ports/catalogue';

/** A Catalogue's answers as plain values, for tests about what it answers, not how it fails. */
export interface CatalogueValues {
  list(query: CatalogueQuery): Promise<CataloguePage>;
  getBySlug(slug: string): Promise<CatalogueProduct | null>;
  categories(): Promise<readonly Category[]>;
  related(product: CatalogueProduct, limit: number): Promise<readonly CatalogueProduct[]>;
  priceHistory(productId: string): Promise<PriceHistory>;
}

async function value<T>(answer: Promise<Result<T>>): Promise<T> {
  const result = await answer;
  if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`);
  return result.value;
}

/** `catalogue`, its every success unwrapped; a failure rejects (the test fails, saying why). */
export function catalogueValues(catalogue: Catalogue): CatalogueValues {
  return {
    list: (query) => value(catalogue.list(query)),
    getBySlug: (slug) => value(catalogue.getBySlug(slug)),
    categories: () => value(catalogue.categories()),
    related: (product, limit) => value(catalogue.related(product, limit)),
    priceHistory: (productId) => value(catalogue.priceHistory(productId)),
  };
}
