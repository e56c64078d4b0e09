import { wrap, type DBSchema, type IDBPDatabase } from 'idb';
import type { Category, CatalogueProduct } from '@/domain/catalogue/catalogue-product';
import type { PriceHistory } from '@/domain/catalogue/price-history';
import { LOCAL_SHOP_DATABASE } from '@/domain/indexeddb-schemas';
import type { Order } from '@/domain/order/order';
import { openDatabase } from './open-database';

/** A product as kept, with every price it has had (absent for one saved before prices were kept). */
export type StoredProduct = CatalogueProduct & { priceHistory?: PriceHistory };

/** An order as kept: the order and the secret that reads it back. */
export type StoredOrder = Order & { secret: string };

/** The records of each store of LOCAL_SHOP_DATABASE (src/domain/indexeddb-schemas.ts), for `idb`'s typed stores. */
export interface LocalShopSchema extends DBSchema {
  products: { key: string; value: StoredProduct };
  deleted: { key: string; value: true };
  categories: { key: string; value: Category & { position: number } };
  orders: { key: string; value: StoredOrder };
  counters: { key: string; value: number };
}

/**
 * The local shop's IndexedDB database: the owner's edits to the demo catalogue and the stock
 * (catalogue-edits-store.ts), the orders placed on this device and their counter
 * (local-orders/local-order-store.ts). One connection, opened with the first use, through `idb`.
 */
export class LocalShopDatabase {
  private database: Promise<IDBPDatabase<LocalShopSchema>> | null = null;

  constructor(private readonly factory: IDBFactory) {}

  open(): Promise<IDBPDatabase<LocalShopSchema>> {
    if (!this.database) {
      const opening = openDatabase(LOCAL_SHOP_DATABASE, this.factory).then((database) => wrap(database) as IDBPDatabase<LocalShopSchema>);
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
