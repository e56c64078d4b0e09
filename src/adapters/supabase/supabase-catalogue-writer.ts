import type { SupabaseClient } from '@supabase/supabase-js';
import type { CatalogueProduct } from '@/domain/catalogue/catalogue-product';
import type { ProductDraft } from '@/domain/catalogue/product-draft';
import { PRODUCT_MESSAGES, slugify } from '@/domain/catalogue/validate-product-draft';
import { fail, ok, type Result } from '@/domain/result';
import type { CatalogueChange } from '@/ports/catalogue-changes';
import type { CatalogueWriter } from '@/ports/catalogue-writer';
import type { Logger } from '@/ports/logger';
import { PRODUCT_COLUMNS, toProduct, type ProductRow } from './supabase-catalogue';
import { backendError } from './supabase-errors';

// PostgreSQL's codes for a row the product rules refuse: a check constraint (the rules of
// validateProductDraft, supabase/migrations/20261123194500_catalogue_writes.sql), an unknown
// category (foreign key), a value of the wrong type or out of range (a stock of 2.5, a price
// past numeric's range), a missing value.
const INVALID_CODES = new Set(['23514', '23503', '23502', '22P02', '22003']);
const UNIQUE_VIOLATION = '23505';
const NO_REDUCTION = 'CM010';
/** The table's ids are whole numbers: any other id names no product. */
const ID_PATTERN = /^[1-9]\d{0,17}$/;

/**
 * Euros as the database stores them: 0.1 + 0.2 is sent as 0.3, not 0.30000000000000004, but a
 * real third decimal is sent as it is, for the database to refuse rather than round. JSON has no
 * NaN or Infinity (JSON.stringify writes null, which would read as « no price before a
 * discount »): they are sent in PostgreSQL's own spelling, so the database's checks refuse them.
 */
function amount(value: number): number | string {
  if (!Number.isFinite(value)) return String(value);
  const cents = Math.round(value * 100);
  return Math.abs(value * 100 - cents) < 1e-6 ? cents / 100 : value;
}

/**
 * The back office's writes on Supabase: each save is one call of the SQL function
 * admin_save_product (a new category if named, the product, its pictures in order, in one
 * transaction under the caller's row-level security), each deletion one of admin_delete_product.
 * The draft comes checked (saveProduct); the database checks the same rules again, for a request
 * forged past the shop. A refusal by the database's rules answers 'invalid-product' or
 * 'slug-taken'; one by its permissions or the network, the French BackendError's code and message.
 */
export class SupabaseCatalogueWriter implements CatalogueWriter {
  constructor(
    private readonly client: SupabaseClient,
    private readonly logger: Logger,
    private readonly announce: (change: CatalogueChange) => void = () => undefined,
  ) {}

  create(draft: ProductDraft): Promise<Result<CatalogueProduct>> {
    return this.save(null, draft);
  }

  async update(id: string, draft: ProductDraft): Promise<Result<CatalogueProduct>> {
    if (!ID_PATTERN.test(id)) return fail('not-found', PRODUCT_MESSAGES.notFound);
    return this.save(id, draft);
  }

  async remove(id: string): Promise<Result<undefined>> {
    if (!ID_PATTERN.test(id)) return fail('not-found', PRODUCT_MESSAGES.notFound);
    const { data, error, status } = await this.client.rpc('admin_delete_product', { product_id: id });
    if (error) return this.failure(`deleting product ${id}`, error, status);
    if (data !== true) return fail('not-found', PRODUCT_MESSAGES.notFound);
    this.announce({ productId: id, kind: 'deleted' });
    return ok(undefined);
  }

  private async save(id: string | null, draft: ProductDraft): Promise<Result<CatalogueProduct>> {
    const category =
      'slug' in draft.category
        ? { slug: draft.category.slug, newName: null }
        : {
            slug: slugify(draft.category.newName),
            newName: draft.category.newName.trim(),
          };
    const { data, error, status } = await this.client.rpc('admin_save_product', {
      product_id: id,
      slug: draft.slug,
      name: draft.name.trim(),
      description: draft.description.trim(),
      price: amount(draft.price),
      on_sale: draft.onSale,
      stock: draft.stock,
      tags: [...draft.tags],
      images: [...draft.images],
      category_slug: category.slug,
      new_category_name: category.newName,
      vat_rate: draft.vatRate,
    });
    if (error) {
      if (error.code === UNIQUE_VIOLATION) return fail('slug-taken', PRODUCT_MESSAGES.slugTaken);
      // products_reference_price (20261126181000_price_history.sql): a « reduction » that is none.
      if (error.code === NO_REDUCTION) return fail('no-reduction', PRODUCT_MESSAGES.noReduction);
      if (INVALID_CODES.has(error.code)) {
        this.logger.warn(`Supabase: the database refused product ${draft.slug}`, error);
        return fail('invalid-product', PRODUCT_MESSAGES.invalidProduct);
      }
      return this.failure(`saving product ${draft.slug}`, error, status);
    }
    if (data === null) return fail('not-found', PRODUCT_MESSAGES.notFound);
    const savedId = String(data);
    const read = await this.client.from('catalogue_products').select(PRODUCT_COLUMNS).eq('id', savedId).limit(1);
    if (read.error) return this.failure(`reading product ${savedId} back`, read.error, read.status);
    const [row] = (read.data ?? []) as unknown as ProductRow[];
    if (!row) return this.failure(`reading product ${savedId} back`, new Error('the saved product is not in catalogue_products'));
    this.announce({ productId: savedId, kind: 'saved' });
    return ok(toProduct(row));
  }

  private failure(what: string, error: unknown, status?: number): Result<never> {
    const problem = backendError(this.logger, what, error, status);
    return fail(problem.code, problem.message);
  }
}
