import type { Logger } from '@/ports/logger';
import type { CatalogueProduct } from '@/domain/catalogue/catalogue-product';
import { EDIT_STORES, editsOf, storedEdits, type CatalogueEdits } from '../catalogue-edits/catalogue-edits-store';
import { LocalShopDatabase, type StoredOrder } from '../indexeddb/local-shop-database';

const ORDER_STORES = [...EDIT_STORES, 'orders', 'counters'] as const;
/** The counter that holds the last order's sequence number. */
const ORDER_COUNTER = 'orders';

/**
 * The orders placed on this device, in the local shop database beside the stock they take from:
 * placing or changing one is a readwrite transaction over the edits, the orders and their counter,
 * so what it reads of the stock and the counter no other tab can change before it commits.
 */
export class LocalOrderStore {
  private readonly database: LocalShopDatabase;

  constructor(private readonly options: { factory: IDBFactory; logger?: Logger }) {
    this.database = new LocalShopDatabase(options.factory);
  }

  /**
   * Runs `change` in one readwrite transaction over the edits, the orders and their counter.
   * `change` must only await the transaction's own requests (IndexedDB commits a transaction left idle).
   */
  async write<T>(change: (edits: CatalogueEdits, writes: OrderWrites) => Promise<T>): Promise<T> {
    const transaction = (await this.database.open()).transaction(ORDER_STORES, 'readwrite');
    const edits = await storedEdits(transaction, this.options.logger);
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
    return (await this.database.open()).getAll('orders');
  }

  async readOrder(number: string): Promise<StoredOrder | undefined> {
    return (await this.database.open()).get('orders', number);
  }
}

/** What placing or changing an order may do, inside the transaction of `write`. */
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
