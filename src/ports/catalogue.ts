import type { Category, CatalogueProduct } from '@/domain/catalogue/catalogue-product';
import type { CatalogueQuery, CataloguePage } from '@/domain/catalogue/catalogue-query';
import type { PriceHistory } from '@/domain/catalogue/price-history';
import type { Result } from '@/domain/result';
import { token } from './token';

/**
 * The products on sale: the built-in demo catalogue locally, a database table with Supabase.
 * Answers with a Result, like every port a remote backend serves: never a rejection. A backend
 * (or, locally, the catalogue's file) that cannot be reached answers `network`; Supabase's other
 * failures answer their BackendFailure code, with the French message.
 */
export interface Catalogue {
  list(query: CatalogueQuery): Promise<Result<CataloguePage>>;
  /** ok(null) when no product has this slug (not a failure: the page says « introuvable »). */
  getBySlug(slug: string): Promise<Result<CatalogueProduct | null>>;
  categories(): Promise<Result<readonly Category[]>>;
  /** Other products worth showing beside `product` (same category first), never itself. */
  related(product: CatalogueProduct, limit: number): Promise<Result<readonly CatalogueProduct[]>>;
  /** Every price the product has had, oldest first (kept by the catalogue on each change); [] for an unknown id. */
  priceHistory(productId: string): Promise<Result<PriceHistory>>;
}

export const CATALOGUE = token<Catalogue>('Catalogue');
