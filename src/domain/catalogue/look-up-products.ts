import type { Catalogue } from '@/ports/catalogue';
import { ok, type Result } from '../result';
import type { CatalogueProduct } from './catalogue-product';

/** What the catalogue says now of these products: those it sells (an unknown id is left out). */
export async function lookUp(catalogue: Catalogue, ids: readonly string[]): Promise<Result<readonly CatalogueProduct[]>> {
  if (ids.length === 0) return ok([]);
  const page = await catalogue.list({ ids, pageSize: ids.length });
  return page.ok ? ok(page.value.items) : page;
}
