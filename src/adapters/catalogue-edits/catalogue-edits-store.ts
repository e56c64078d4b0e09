import type { IDBPTransaction, StoreNames } from 'idb';
import * as v from 'valibot';
import type { Logger } from '@/ports/logger';
import type { Category } from '@/domain/catalogue/catalogue-product';
import { LocalShopDatabase, type LocalShopSchema, type StoredProduct } from '../indexeddb/local-shop-database';

/** The owner's edits of the local catalogue, over the demo catalogue that ships with the shop. */
export interface CatalogueEdits {
  /** Products created or changed, each whole; one with a demo product's id replaces it. */
  products: readonly StoredProduct[];
  /** Ids of demo products deleted. */
  deleted: readonly string[];
  /** Categories created by the owner, after the demo ones. */
  categories: readonly Category[];
}

/** The stores that hold the edits. */
export const EDIT_STORES = ['products', 'deleted', 'categories'] as const satisfies readonly StoreNames<LocalShopSchema>[];

/**
 * The edits in the local shop database. A write is one readwrite transaction over the three
 * stores: the browser runs those of every tab one after the other, and a read inside one sees all
 * that completed before, so a check (« this address is free ») and the write it allows are atomic
 * across tabs.
 */
export class CatalogueEditsStore {
  private readonly database: LocalShopDatabase;

  constructor(private readonly options: { factory: IDBFactory; logger?: Logger }) {
    this.database = new LocalShopDatabase(options.factory);
  }

  /** Every edit, as one snapshot. */
  async read(): Promise<CatalogueEdits> {
    return editsOf(await storedEdits((await this.database.open()).transaction(EDIT_STORES, 'readonly'), this.options.logger));
  }

  /**
   * Runs `change` in one readwrite transaction, given the edits as they stand at its start and
   * the means to write. `change` must only await the transaction's own requests (IndexedDB
   * commits a transaction left idle).
   */
  async write<T>(change: (edits: CatalogueEdits, writes: EditWrites) => Promise<T>): Promise<T> {
    const transaction = (await this.database.open()).transaction(EDIT_STORES, 'readwrite');
    const edits = await storedEdits(transaction, this.options.logger);
    const writes: EditWrites = {
      putProduct: async (product) => {
        await transaction.objectStore('products').put(product);
      },
      deleteProduct: async (id, fromDemo) => {
        await transaction.objectStore('products').delete(id);
        if (fromDemo) await transaction.objectStore('deleted').put(true, id);
      },
      addCategory: async (category) => {
        const position = (edits.categories.at(-1)?.position ?? -1) + 1;
        await transaction.objectStore('categories').put({ ...category, position });
      },
    };
    const result = await change(editsOf(edits), writes);
    await transaction.done;
    return result;
  }
}

/** The edits as kept: the categories with their position. */
export type StoredEdits = { products: StoredProduct[]; deleted: string[]; categories: LocalShopSchema['categories']['value'][] };

// What a record must be for the shop to draw it: the shapes the writer saves (types only; the
// back office's rules were checked when it was saved). Anything else in the database (another
// version's, a hand's in DevTools) is left there, unused, and logged.
const finite = v.pipe(v.number(), v.finite());
const storedProductSchema = v.looseObject({
  id: v.string(),
  slug: v.string(),
  name: v.string(),
  description: v.string(),
  price: finite,
  originalPrice: v.optional(finite),
  priceHistory: v.optional(v.array(v.object({ price: finite, since: v.string() }))),
  category: v.string(),
  tags: v.array(v.string()),
  images: v.array(v.string()),
  inStock: v.boolean(),
  stock: v.pipe(v.number(), v.safeInteger(), v.minValue(0)),
  createdAt: v.string(),
});
const storedCategorySchema = v.looseObject({ slug: v.string(), name: v.string(), description: v.string(), image: v.string(), position: finite });

/** The records of `records` that have `schema`'s shape; each other one logged and left out. */
function readable<T>(records: readonly unknown[], schema: v.GenericSchema<unknown>, what: string, logger: Logger | undefined): T[] {
  return records.filter((record) => {
    const parsed = v.safeParse(schema, record);
    if (!parsed.success) logger?.warn(`IndexedDB: ignoring an unreadable stored ${what}`, v.summarize(parsed.issues));
    return parsed.success;
  }) as T[];
}

/** The three stores' contents, read inside `transaction` (which spans at least EDIT_STORES); the categories in their order. */
export async function storedEdits(
  transaction: IDBPTransaction<LocalShopSchema, readonly StoreNames<LocalShopSchema>[], 'readonly' | 'readwrite'>,
  logger?: Logger,
): Promise<StoredEdits> {
  const [products, deleted, categories] = await Promise.all([
    transaction.objectStore('products').getAll(),
    transaction.objectStore('deleted').getAllKeys(),
    transaction.objectStore('categories').getAll(),
  ]);
  return {
    products: readable<StoredProduct>(products, storedProductSchema, 'product', logger),
    deleted: deleted.filter((id) => typeof id === 'string'),
    categories: readable<StoredEdits['categories'][number]>(categories, storedCategorySchema, 'category', logger).sort((a, b) => a.position - b.position),
  };
}

export function editsOf({ products, deleted, categories }: StoredEdits): CatalogueEdits {
  return { products, deleted, categories: categories.map(({ position: _position, ...category }) => category) };
}

/** What a write may do, inside its transaction. */
export interface EditWrites {
  putProduct(product: StoredProduct): Promise<void>;
  /** Removes an edited product; a demo product (`fromDemo`) is also marked deleted. */
  deleteProduct(id: string, fromDemo: boolean): Promise<void>;
  addCategory(category: Category): Promise<void>;
}
