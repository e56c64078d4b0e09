import { wrap, type DBSchema, type IDBPDatabase, type IDBPTransaction } from 'idb';
import type { Category, CatalogueProduct } from '../../domain/catalogue/catalogue-product';

/** The owner's edits of the local catalogue, over the demo catalogue that ships with the shop. */
export interface CatalogueEdits {
  /** Products created or changed, each whole; one with a demo product's id replaces it. */
  products: readonly CatalogueProduct[];
  /** Ids of demo products deleted. */
  deleted: readonly string[];
  /** Categories created by the owner, after the demo ones. */
  categories: readonly Category[];
}

interface EditsSchema extends DBSchema {
  products: { key: string; value: CatalogueProduct };
  deleted: { key: string; value: true };
  categories: { key: string; value: Category & { position: number } };
}

const DATABASE_VERSION = 1;
const STORES = ['products', 'deleted', 'categories'] as const;

export type EditsTransaction = IDBPTransaction<EditsSchema, typeof STORES, 'readwrite'>;

/**
 * The edits in IndexedDB, through `idb` (promises over IDBRequest, typed stores). A write is one
 * readwrite transaction over the three stores: the browser runs those of every tab one after
 * the other, and a read inside one sees all that completed before, so a check (« this address is
 * free ») and the write it allows are atomic across tabs.
 */
export class CatalogueEditsStore {
  private database: Promise<IDBPDatabase<EditsSchema>> | null = null;

  constructor(private readonly options: { factory: IDBFactory; databaseName: string }) {}

  /** Every edit, as one snapshot. */
  async read(): Promise<CatalogueEdits> {
    return editsOf(await stored((await this.open()).transaction(STORES, 'readonly')));
  }

  /**
   * Runs `change` in one readwrite transaction, given the edits as they stand at its start and
   * the means to write. `change` must only await the transaction's own requests (IndexedDB
   * commits a transaction left idle).
   */
  async write<T>(change: (edits: CatalogueEdits, writes: EditWrites) => Promise<T>): Promise<T> {
    const transaction = (await this.open()).transaction(STORES, 'readwrite');
    const edits = await stored(transaction);
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

  private open(): Promise<IDBPDatabase<EditsSchema>> {
    if (!this.database) {
      const request = this.options.factory.open(this.options.databaseName, DATABASE_VERSION);
      request.addEventListener('upgradeneeded', () => {
        const database = request.result;
        database.createObjectStore('products', { keyPath: 'id' });
        database.createObjectStore('deleted');
        database.createObjectStore('categories', { keyPath: 'slug' });
      });
      const opening = wrap(request) as Promise<IDBPDatabase<EditsSchema>>;
      // A refused open (private mode, a blocked upgrade) must not stick: the next call tries again.
      opening.catch(() => {
        if (this.database === opening) this.database = null;
      });
      this.database = opening;
    }
    return this.database;
  }
}

type Stored = { products: CatalogueProduct[]; deleted: string[]; categories: EditsSchema['categories']['value'][] };

/** The three stores' contents, read inside `transaction`; the categories in their order. */
async function stored(transaction: IDBPTransaction<EditsSchema, typeof STORES, 'readonly' | 'readwrite'>): Promise<Stored> {
  const [products, deleted, categories] = await Promise.all([
    transaction.objectStore('products').getAll(),
    transaction.objectStore('deleted').getAllKeys(),
    transaction.objectStore('categories').getAll(),
  ]);
  return { products, deleted, categories: categories.sort((a, b) => a.position - b.position) };
}

function editsOf({ products, deleted, categories }: Stored): CatalogueEdits {
  return { products, deleted, categories: categories.map(({ position: _position, ...category }) => category) };
}

/** What a write may do, inside its transaction. */
export interface EditWrites {
  putProduct(product: CatalogueProduct): Promise<void>;
  /** Removes an edited product; a demo product (`fromDemo`) is also marked deleted. */
  deleteProduct(id: string, fromDemo: boolean): Promise<void>;
  addCategory(category: Category): Promise<void>;
}
