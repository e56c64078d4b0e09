import type { Catalogue } from '@/ports/catalogue';
import type { CatalogueWriter } from '@/ports/catalogue-writer';
import type { Clock } from '@/ports/clock';
import type { PictureStorage } from '@/ports/picture-storage';
import { fail, type Failure, type Success } from '../result';
import type { CatalogueProduct } from './catalogue-product';
import { referencePrice, withPrice } from './price-history';
import type { ProductFieldErrors } from './product-draft';
import { PRODUCT_MESSAGES, readProductForm, type ProductFormInput } from './validate-product-draft';

export interface SaveProductPorts {
  catalogue: Pick<Catalogue, 'getBySlug' | 'priceHistory'>;
  writer: CatalogueWriter;
  pictures: Pick<PictureStorage, 'remove'>;
  clock: Pick<Clock, 'now'>;
}

export interface SaveProductInput {
  /** The form's fields as typed, with the pictures in their order. */
  form: ProductFormInput;
  /** The product being edited, as it was loaded; null to create one. */
  product: CatalogueProduct | null;
}

/** A refused save: the reason's code and French message, and the message of each field to fix (none when the backend refused it). */
export type SaveProductFailure = Failure & { fields: ProductFieldErrors };

function refused(failure: Failure, fields: ProductFieldErrors = {}): SaveProductFailure {
  return { ...failure, fields };
}

/**
 * The back office's « Créer le produit » and « Enregistrer les modifications »: the one place a
 * product is checked. Reads the form (every rule of validateProductDraft, each with its field's
 * French message, and an address another product already has), then creates or updates it
 * through the writer, which only stores it (on Supabase the database checks the same rules
 * again, and decides for good whether the address is free). Once saved, the pictures the product
 * no longer shows are removed from the storage.
 */
export async function saveProduct(
  { catalogue, writer, pictures, clock }: SaveProductPorts,
  { form, product }: SaveProductInput,
): Promise<Success<CatalogueProduct> | SaveProductFailure> {
  let read = readProductForm(form);
  if (!read.errors.slug) {
    // A catalogue that cannot answer leaves the address to the writer (`slug-taken`).
    const same = await catalogue.getBySlug(read.draft.slug);
    if (same.ok && same.value && same.value.id !== product?.id) read = readProductForm(form, true);
  }
  const { draft, errors } = read;
  if (draft.onSale && !errors.price) {
    // A reduction needs a reference price (the lowest of the 30 days before it): a new product has
    // none. A history that cannot be read leaves the decision to the writer, which refuses it too.
    const history = product ? await catalogue.priceHistory(product.id) : { ok: true as const, value: [] };
    const now = clock.now();
    if (history.ok && referencePrice(withPrice(history.value, draft.price, now), now) === null) errors.onSale = PRODUCT_MESSAGES.noReduction;
  }
  if (Object.keys(errors).length > 0) return refused(fail('invalid-product', PRODUCT_MESSAGES.invalidProduct), errors);

  const saved = product ? await writer.update(product.id, draft) : await writer.create(draft);
  if (!saved.ok) {
    const field =
      saved.error.code === 'slug-taken'
        ? { slug: PRODUCT_MESSAGES.slugTaken }
        : saved.error.code === 'no-reduction'
          ? { onSale: PRODUCT_MESSAGES.noReduction }
          : {};
    return refused(saved, field);
  }
  // The demo's own pictures are left alone by the storage; a failed removal leaves a file nobody shows.
  const dropped = (product?.images ?? []).filter((url) => !draft.images.includes(url));
  await Promise.all(dropped.map((url) => pictures.remove(url)));
  return saved;
}
