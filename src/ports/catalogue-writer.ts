import type { CatalogueProduct } from '@/domain/catalogue/catalogue-product';
import type { ProductDraft } from '@/domain/catalogue/product-draft';
import type { Result } from '@/domain/result';
import { token } from './token';

/**
 * The back office's changes to the catalogue. Drafts come checked by the saveProduct use case;
 * an adapter stores them. Locally the owner's edits are kept on the device (IndexedDB) over the
 * demo catalogue, which the Catalogue port then reads through; with Supabase they are PostgREST
 * writes that the database checks (row-level security: admins only; constraints: the same rules
 * as validateProductDraft). What only the store can decide is answered with a French message:
 * 'slug-taken' (an address another product has), 'invalid-product' (an unknown category, or a
 * draft the database's constraints refuse), 'not-found', 'no-reduction' (a draft on sale whose
 * price is not below the reference price its history gives: src/domain/catalogue/price-history.ts); a backend's refusal its BackendFailure.
 * Every successful write is announced through the CatalogueChanges port.
 */
export interface CatalogueWriter {
  create(draft: ProductDraft): Promise<Result<CatalogueProduct>>;
  update(id: string, draft: ProductDraft): Promise<Result<CatalogueProduct>>;
  /** 'not-found' when no product has this id (already deleted in another tab). */
  remove(id: string): Promise<Result<undefined>>;
}

export const CATALOGUE_WRITER = token<CatalogueWriter>('CatalogueWriter');
