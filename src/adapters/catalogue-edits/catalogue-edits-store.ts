import { wrap, type DBSchema, type IDBPDatabase, type IDBPTransaction } from 'idb';
import * as v from 'valibot';
import type { Logger } from '@/ports/logger';
import type { Category, CatalogueProduct } from '@/domain/catalogue/catalogue-product';
import type { PriceHistory } from '@/domain/catalogue/price-history';
import type { Order } from '@/domain/order/order';

/** A product as kept, with every price it has had (absent for one saved before prices were kept). */
export type StoredProduct = CatalogueProduct & { priceHistory?: PriceHistory };

/** The owner's edits of the local catalogue, over the demo catalogue that ships with the shop. */
export interface CatalogueEdits {
  /** Products created or changed, each whole; one with a demo product's id replaces it. */
  products: readonly StoredProduct[];
  /** Ids of demo products deleted. */
  deleted: readonly string[];
  /** Categories created by the owner, after the demo ones. */
  categories: readonly Category[];
}

interface EditsSchema extends DBSchema {
  products: { key: string; value: StoredProduct };
  deleted: { key: string; value: true };
  categories: { key: string; value: Category & { position: number } };
  /** Orders placed on this device (the local OrderRepository), each with its secret. */
  orders: { key: string; value: StoredOrder };
  /** The shop's counters: 'orders' is the last order's sequence number. */
  counters: { key: string; value: number };
}

/** An order as kept: the order and the secret that reads it back. */
export type StoredOrder = Order & { secret: string };

// Version 2 (issue 13): the orders and their counter, in the same database as the stock they
// take from, so an order and its stock decrement are one transaction.
const DATABASE_VERSION = 2;
const STORES = ['products', 'deleted', 'categories'] as const;
const ORDER_STORES = [...STORES, 'orders', 'counters'] as const;
const ORDER_COUNTER = 'orders';

/**
 * The edits in IndexedDB, through `idb` (promises over IDBRequest, typed stores). A write is one
 * readwrite transaction over the three stores: the browser runs those of every tab one after
 * the other, and a read inside one sees all that completed before, so a check (« this address is
 * free ») and the write it allows are atomic across tabs.
 */
export class CatalogueEditsStore {
  private database: Promise<IDBPDatabase<EditsSchema>> | null = null;

  constructor(private readonly options: { factory: IDBFactory; databaseName: string; logger?: Logger }) {}

  /** Every edit, as one snapshot. */
  async read(): Promise<CatalogueEdits> {
    return editsOf(await stored((await this.open()).transaction(STORES, 'readonly'), this.options.logger));
  }

  /**
   * Runs `change` in one readwrite transaction, given the edits as they stand at its start and
   * the means to write. `change` must only await the transaction's own requests (IndexedDB
   * commits a transaction left idle).
   */
  async write<T>(change: (edits: CatalogueEdits, writes: EditWrites) => Promise<T>): Promise<T> {
    const transaction = (await this.open()).transaction(STORES, 'readwrite');
    const edits = await stored(transaction, this.options.logger);
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

  /**
   * Runs `change` in one readwrite transaction over the edits, the orders and their counter:
   * what it reads of the stock and the counter no other tab can change before it commits.
   * Same rule as `write`: only the transaction's own requests may be awaited.
   */
  async writeWithOrders<T>(change: (edits: CatalogueEdits, writes: OrderWrites) => Promise<T>): Promise<T> {
    const transaction = (await this.open()).transaction(ORDER_STORES, 'readwrite');
    const edits = await stored(transaction, this.options.logger);
    const writes: OrderWrites = {
      // An order changes the stock only: the product keeps the prices it has had.
      putProduct: async (product) => {
        const kept = edits.products.find((stored) => stored.id === product.id)?.priceHistory;
        await transaction.objectStore('products').put({ ...product, ...(kept && { priceHistory: kept }) });
      },
      lastSequence: async () => (await transaction.objectStore('counters').get(ORDER_COUNTER)) ?? 0,
      putOrder: async (order, sequence) => {
        await transaction.objectStore('orders').put(order);
        await transaction.objectStore('counters').put(sequence, ORDER_COUNTER);
      },
      order: (number) => transaction.objectStore('orders').get(number),
      replaceOrder: async (order) => {
        await transaction.objectStore('orders').put(order);
      },
    };
    const result = await change(editsOf(edits), writes);
    await transaction.done;
    return result;
  }

  /** Every order kept here. */
  async readOrders(): Promise<StoredOrder[]> {
    return (await this.open()).getAll('orders');
  }

  async readOrder(number: string): Promise<StoredOrder | undefined> {
    return (await this.open()).get('orders', number);
  }

  private open(): Promise<IDBPDatabase<EditsSchema>> {
    if (!this.database) {
      const request = this.options.factory.open(this.options.databaseName, DATABASE_VERSION);
      request.addEventListener('upgradeneeded', (event) => {
        const database = request.result;
        if (event.oldVersion < 1) {
          database.createObjectStore('products', { keyPath: 'id' });
          database.createObjectStore('deleted');
          database.createObjectStore('categories', { keyPath: 'slug' });
        }
        if (event.oldVersion < 2) {
          database.createObjectStore('orders', { keyPath: 'number' });
          database.createObjectStore('counters');
        }
      });
      const opening = wrap(request) as Promise<IDBPDatabase<EditsSchema>>;
      // A newer version of the shop opened in another tab needs this connection closed to
      // upgrade the database: close it, and the next call opens the new version.
      void opening.then(
        (database) =>
          database.addEventListener('versionchange', () => {
            database.close();
            if (this.database === opening) this.database = null;
          }),
        () => undefined,
      );
      // A refused open (private mode, a blocked upgrade) must not stick: the next call tries again.
      opening.catch(() => {
        if (this.database === opening) this.database = null;
      });
      this.database = opening;
    }
    return this.database;
  }
}

type Stored = { products: StoredProduct[]; deleted: string[]; categories: EditsSchema['categories']['value'][] };

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

/** The three stores' contents, read inside `transaction`; the categories in their order. */
async function stored(
  transaction: IDBPTransaction<EditsSchema, typeof STORES | typeof ORDER_STORES, 'readonly' | 'readwrite'>,
  logger?: Logger,
): Promise<Stored> {
  const [products, deleted, categories] = await Promise.all([
    transaction.objectStore('products').getAll(),
    transaction.objectStore('deleted').getAllKeys(),
    transaction.objectStore('categories').getAll(),
  ]);
  return {
    products: readable<StoredProduct>(products, storedProductSchema, 'product', logger),
    deleted: deleted.filter((id) => typeof id === 'string'),
    categories: readable<Stored['categories'][number]>(categories, storedCategorySchema, 'category', logger).sort((a, b) => a.position - b.position),
  };
}

function editsOf({ products, deleted, categories }: Stored): CatalogueEdits {
  return { products, deleted, categories: categories.map(({ position: _position, ...category }) => category) };
}

/** What a write may do, inside its transaction. */
export interface EditWrites {
  putProduct(product: StoredProduct): Promise<void>;
  /** Removes an edited product; a demo product (`fromDemo`) is also marked deleted. */
  deleteProduct(id: string, fromDemo: boolean): Promise<void>;
  addCategory(category: Category): Promise<void>;
}

/** What placing an order may do, inside the transaction of `writeWithOrders`. */
export interface OrderWrites {
  /** Writes a product whole (its new stock): an edit over the demo product of the same id. */
  putProduct(product: CatalogueProduct): Promise<void>;
  /** The sequence number of the last order placed on this device (0 before the first). */
  lastSequence(): Promise<number>;
  /** Saves the order, and `sequence` as the last one given. */
  putOrder(order: StoredOrder, sequence: number): Promise<void>;
  /** An order as saved, or undefined. */
  order(number: string): Promise<StoredOrder | undefined>;
  /** Saves an order changed (its status), the counter untouched. */
  replaceOrder(order: StoredOrder): Promise<void>;
}
