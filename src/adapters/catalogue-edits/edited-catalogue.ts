import type { CatalogueProduct } from '@/domain/catalogue/catalogue-product';
import { isVatRate, STANDARD_VAT_RATE, type VatRate } from '@/domain/vat-rate';
import type { Logger } from '@/ports/logger';
import type { DemoData } from '../demo-catalogue/demo-catalogue';
import { CatalogueEditsStore, type CatalogueEdits } from './catalogue-edits-store';
import type { StoredProduct } from '../indexeddb/local-shop-database';
import type { PriceHistory } from '@/domain/catalogue/price-history';

/** Turns stored picture addresses into ones a page can show (`local-picture:<id>` into object URLs). */
export type ResolveImages = (images: readonly string[]) => Promise<readonly string[]>;

function frozen({ priceHistory: _history, ...product }: StoredProduct): CatalogueProduct {
  return Object.freeze({ ...product, images: Object.freeze([...product.images]), tags: Object.freeze([...product.tags]) });
}

/** A rate as stored, or `fallback` for a category or product saved before rates existed. */
function storedRate(value: unknown, fallback: VatRate): VatRate {
  return isVatRate(value) ? value : fallback;
}

/**
 * The shipped catalogue with the owner's edits applied: a deleted demo product is gone, a changed
 * one replaced where it stood, created products follow, new categories after the demo ones. An
 * edit wins over a demo product with its address (the writer never lets two share one; this
 * only keeps an address unique whatever the stored data says).
 */
export function applyEdits(shipped: DemoData, edits: CatalogueEdits): DemoData {
  const deleted = new Set(edits.deleted);
  const slugs = new Set(shipped.categories.map((category) => category.slug));
  const categories = [
    ...shipped.categories,
    ...edits.categories
      .filter((category) => !slugs.has(category.slug))
      .map((category) => ({ ...category, vatRate: storedRate(category.vatRate, STANDARD_VAT_RATE) })),
  ];
  const categoryRates = new Map(categories.map((category) => [category.slug, category.vatRate]));
  // A product saved before rates existed has its category's.
  const edited = new Map(
    edits.products.map((product) => [
      product.id,
      frozen({ ...product, vatRate: storedRate(product.vatRate, categoryRates.get(product.category) ?? STANDARD_VAT_RATE) }),
    ]),
  );
  // An edited product's prices as kept; one saved before prices were kept, its shipped ones.
  const histories = new Map<string, PriceHistory>(shipped.histories);
  for (const product of edits.products) if (product.priceHistory) histories.set(product.id, product.priceHistory);
  const editedSlugs = new Set([...edited.values()].map((product) => product.slug));
  const products: CatalogueProduct[] = [];
  for (const product of shipped.products) {
    if (deleted.has(product.id)) continue;
    const replacement = edited.get(product.id);
    edited.delete(product.id);
    if (replacement) products.push(replacement);
    else if (!editedSlugs.has(product.slug)) products.push(product);
  }
  products.push(...edited.values());
  return {
    products: Object.freeze(products),
    categories: Object.freeze(categories),
    bySlug: new Map(products.map((product) => [product.slug, product])),
    histories,
  };
}

/** Reads the edits on every question, so each tab shows the last one saved. */
export class EditedCatalogue {
  constructor(
    private readonly store: CatalogueEditsStore,
    private readonly logger?: Logger,
    private readonly resolveImages?: ResolveImages,
  ) {}

  async over(shipped: DemoData): Promise<DemoData | null> {
    let edits: CatalogueEdits;
    try {
      edits = await this.store.read();
    } catch (error) {
      // Storage read failures are logged and ignored: the shop shows the demo catalogue.
      this.logger?.error('Catalogue edits unreadable; the demo catalogue is shown', error);
      return null;
    }
    const resolve = this.resolveImages;
    if (resolve) {
      const products = await Promise.all(edits.products.map(async (product) => ({ ...product, images: await resolve(product.images) })));
      edits = { ...edits, products };
    }
    return applyEdits(shipped, edits);
  }
}

export interface EditedCatalogueOptions {
  /** The browser's IndexedDB by default (a fake-indexeddb factory in Node tests). */
  factory?: IDBFactory;
  /** Turns stored picture addresses into ones a page can show (`local-picture:<id>` into object URLs). */
  resolveImages?: ResolveImages;
}

// One reader per IndexedDB factory (one per browser; tests make several), opened once.
const readers = new Map<IDBFactory | null, EditedCatalogue | null>();

/** The shipped catalogue with this browser's edits; null where it has no IndexedDB. */
export function editedCatalogue(shipped: DemoData, logger?: Logger, options: EditedCatalogueOptions = {}): Promise<DemoData | null> {
  const factory = options.factory ?? (typeof indexedDB === 'undefined' ? null : indexedDB);
  if (!readers.has(factory)) {
    const store = factory && new CatalogueEditsStore({ factory, ...(logger && { logger }) });
    readers.set(factory, store && new EditedCatalogue(store, logger, options.resolveImages));
  }
  return readers.get(factory)?.over(shipped) ?? Promise.resolve(null);
}
