import type { Catalogue } from '../../ports/catalogue';
import type { CatalogueProduct } from './catalogue-product';

/** What the catalogue says now of these products: those it sells (an unknown id is left out). */
export async function lookUp(catalogue: Catalogue, ids: readonly string[]): Promise<readonly CatalogueProduct[]> {
  if (ids.length === 0) return [];
  return (await catalogue.list({ ids, pageSize: ids.length })).items;
}
