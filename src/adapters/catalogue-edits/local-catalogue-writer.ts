import type { Category, CatalogueProduct } from '@/domain/catalogue/catalogue-product';
import type { ProductDraft } from '@/domain/catalogue/product-draft';
import { PRODUCT_MESSAGES, slugify } from '@/domain/catalogue/validate-product-draft';
import { DEFAULT_PRODUCT_IMAGE } from '@/domain/constants';
import { fail, ok, type Result } from '@/domain/result';
import { isVatRate } from '@/domain/vat-rate';
import type { CatalogueChange } from '@/ports/catalogue-changes';
import type { CatalogueWriter } from '@/ports/catalogue-writer';
import type { Clock } from '@/ports/clock';
import type { IdGenerator } from '@/ports/id-generator';
import type { Logger } from '@/ports/logger';
import { historyOf, type DemoData } from '../demo-catalogue/demo-catalogue';
import { referencePrice, withPrice, type PriceHistory } from '@/domain/catalogue/price-history';
import { applyEdits } from './edited-catalogue';
import type { CatalogueEditsStore, EditWrites } from './catalogue-edits-store';
import type { StoredProduct } from '../indexeddb/local-shop-database';

export interface LocalCatalogueWriterOptions {
  store: CatalogueEditsStore;
  /** The shipped demo catalogue, before any edit. */
  shipped: () => Promise<DemoData>;
  clock: Clock;
  ids: IdGenerator;
  /** Called after each successful write (the CatalogueChanges port tells the open tabs). */
  announce: (change: CatalogueChange) => void;
  /** Notes on the device that the demo catalogue changed, so the storefront starts reading the edits. */
  markCatalogueChanged: () => void;
  logger?: Logger;
}

/** Euros in whole cents: 0.1 + 0.2 is kept as 0.3, as the database keeps it. */
function cents(value: number): number {
  return Math.round(value * 100) / 100;
}

type Decision<T> = { result: Result<T>; change?: CatalogueChange };

/**
 * The back office's writes kept on the device. The draft comes checked (saveProduct); in one
 * IndexedDB readwrite transaction each write checks only what the catalogue as it stands decides
 * (the demo catalogue with every edit, those of other tabs included), as a database's keys would:
 * the address still free, the category known, the product still there. Two tabs saving at once
 * are run one after the other by the browser, so the second sees the first.
 */
export class LocalCatalogueWriter implements CatalogueWriter {
  constructor(private readonly options: LocalCatalogueWriterOptions) {}

  async create(draft: ProductDraft): Promise<Result<CatalogueProduct>> {
    // A rate outside the four is refused as the database's check constraint refuses it.
    if (!isVatRate(draft.vatRate)) return fail('invalid-product', PRODUCT_MESSAGES.invalidProduct);
    return this.write(async (catalogue, _shipped, writes) => {
      if (catalogue.bySlug.has(draft.slug)) return { result: fail('slug-taken', PRODUCT_MESSAGES.slugTaken) };
      const category = await this.category(draft, catalogue, writes);
      if (!category) return { result: fail('invalid-product', PRODUCT_MESSAGES.invalidProduct) };
      let id = this.options.ids.next();
      while (catalogue.products.some((product) => product.id === id)) id = this.options.ids.next();
      const now = this.options.clock.now();
      const product = toProduct(id, draft, category, new Date(now).toISOString(), [], now);
      if (!product) return { result: fail('no-reduction', PRODUCT_MESSAGES.noReduction) };
      await writes.putProduct(product);
      return { result: ok(shown(product)), change: { productId: id, kind: 'saved' } };
    });
  }

  async update(id: string, draft: ProductDraft): Promise<Result<CatalogueProduct>> {
    if (!isVatRate(draft.vatRate)) return fail('invalid-product', PRODUCT_MESSAGES.invalidProduct);
    return this.write(async (catalogue, _shipped, writes) => {
      const current = catalogue.products.find((product) => product.id === id);
      if (!current) return { result: fail('not-found', PRODUCT_MESSAGES.notFound) };
      const holder = catalogue.bySlug.get(draft.slug);
      if (holder && holder.id !== id) return { result: fail('slug-taken', PRODUCT_MESSAGES.slugTaken) };
      const category = await this.category(draft, catalogue, writes);
      if (!category) return { result: fail('invalid-product', PRODUCT_MESSAGES.invalidProduct) };
      const product = toProduct(id, draft, category, current.createdAt, historyOf(catalogue, current), this.options.clock.now());
      if (!product) return { result: fail('no-reduction', PRODUCT_MESSAGES.noReduction) };
      await writes.putProduct(product);
      return { result: ok(shown(product)), change: { productId: id, kind: 'saved' } };
    });
  }

  async remove(id: string): Promise<Result<undefined>> {
    return this.write(async (catalogue, shipped, writes) => {
      if (!catalogue.products.some((product) => product.id === id)) return { result: fail('not-found', PRODUCT_MESSAGES.notFound) };
      await writes.deleteProduct(
        id,
        shipped.products.some((product) => product.id === id),
      );
      return { result: ok(undefined), change: { productId: id, kind: 'deleted' } };
    });
  }

  /** The shipped data is read before the transaction opens: IndexedDB commits a transaction left waiting. */
  private async write<T>(decide: (catalogue: DemoData, shipped: DemoData, writes: EditWrites) => Promise<Decision<T>>): Promise<Result<T>> {
    const shipped = await this.options.shipped();
    let decision: Decision<T>;
    try {
      decision = await this.options.store.write((edits, writes) => decide(applyEdits(shipped, edits), shipped, writes));
    } catch (error) {
      this.options.logger?.error('Catalogue edit not saved: IndexedDB refused the write', error);
      return fail('storage-write-failed', PRODUCT_MESSAGES.storageWriteFailed);
    }
    const { result, change } = decision;
    if (change) {
      this.options.markCatalogueChanged();
      this.options.announce(change);
    }
    return result;
  }

  /** The draft's category slug: an existing one, or a new one made (or found) from its name; null if unknown. */
  private async category(draft: ProductDraft, catalogue: DemoData, writes: EditWrites): Promise<string | null> {
    if ('slug' in draft.category) {
      const { slug } = draft.category;
      return catalogue.categories.some((category) => category.slug === slug) ? slug : null;
    }
    const name = draft.category.newName.trim();
    const slug = slugify(name);
    if (!catalogue.categories.some((category) => category.slug === slug)) {
      // A new category proposes the rate of its first product to the next ones (as admin_save_product does).
      const category: Category = { slug, name, description: '', image: DEFAULT_PRODUCT_IMAGE, vatRate: draft.vatRate };
      await writes.addCategory(category);
    }
    return slug;
  }
}

/** The product as the catalogue shows it, without its kept prices. */
function shown({ priceHistory: _history, ...product }: StoredProduct): CatalogueProduct {
  return product;
}

/**
 * The product the draft makes, with its price appended to `history` at `now` if it changed; on
 * sale, against the reference price the history gives (as the database's products_reference_price
 * does); null when the draft is on sale and that price is no reduction.
 */
function toProduct(id: string, draft: ProductDraft, category: string, createdAt: string, history: PriceHistory, now: number): StoredProduct | null {
  const price = cents(draft.price);
  const priceHistory = withPrice(history, price, now);
  const reference = draft.onSale ? referencePrice(priceHistory, now) : null;
  if (draft.onSale && reference === null) return null;
  return {
    id,
    slug: draft.slug,
    name: draft.name.trim(),
    description: draft.description.trim(),
    price,
    ...(reference !== null && { originalPrice: reference }),
    images: [...draft.images],
    category,
    inStock: draft.stock > 0,
    stock: draft.stock,
    tags: [...draft.tags],
    createdAt,
    vatRate: draft.vatRate,
    priceHistory,
  };
}
