import type { CatalogueProduct } from '@/domain/catalogue/catalogue-product';
import type { ProductDraft } from '@/domain/catalogue/product-draft';
import type { Result } from '@/domain/result';
import { token } from './token';

/**
 * The back office's changes to the catalogue. Locally the owner's edits are kept on the device
 * (IndexedDB) over the demo catalogue, which the Catalogue port then reads through; with
 * Supabase they are PostgREST writes that the database checks (row-level security: admins only;
 * constraints: the same rules as validateProductDraft). A refused draft answers a Failure with
 * a French message ('invalid-product', 'slug-taken'); a backend's refusal its BackendFailure.
 * Every successful write is announced through the CatalogueChanges port.
 */
export interface CatalogueWriter {
  create(draft: ProductDraft): Promise<Result<CatalogueProduct>>;
  update(id: string, draft: ProductDraft): Promise<Result<CatalogueProduct>>;
  /** 'not-found' when no product has this id (already deleted in another tab). */
  remove(id: string): Promise<Result<undefined>>;
}

export const CATALOGUE_WRITER = /* @__PURE__ */ token<CatalogueWriter>('CatalogueWriter');
