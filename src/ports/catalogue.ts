import type { Category, CatalogueProduct } from '../domain/catalogue/catalogue-product';
import type { CatalogueQuery, CataloguePage } from '../domain/catalogue/catalogue-query';
import { token } from './token';

/** The products on sale: the built-in demo catalogue locally, a database table with Supabase. */
export interface Catalogue {
  list(query: CatalogueQuery): Promise<CataloguePage>;
  /** null when no product has this slug. */
  getBySlug(slug: string): Promise<CatalogueProduct | null>;
  categories(): Promise<readonly Category[]>;
  /** Other products worth showing beside `product` (same category first), never itself. */
  related(product: CatalogueProduct, limit: number): Promise<readonly CatalogueProduct[]>;
}

export const CATALOGUE = token<Catalogue>('Catalogue');
