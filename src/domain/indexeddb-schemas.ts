import { INDEXEDDB_DATABASES } from './storage-keys';

/** An object store: the key path of its records (none: each key is given apart), and the database version that created it. */
interface ObjectStoreSchema {
  readonly keyPath?: string;
  readonly since: number;
}

/** An IndexedDB database: its name, its version, and its object stores by name. */
export interface DatabaseSchema {
  readonly name: string;
  readonly version: number;
  readonly stores: Readonly<Record<string, ObjectStoreSchema>>;
}

/** Each commit of the cart, favorites and subscribers (src/adapters/indexeddb/indexeddb-shared-commits.ts). */
export const COMMITS_DATABASE = {
  name: INDEXEDDB_DATABASES.commits,
  version: 1,
  stores: { commits: { since: 1 } },
} as const satisfies DatabaseSchema;

/**
 * The local shop database (src/adapters/indexeddb/local-shop-database.ts). Version 2 (issue 13)
 * added the orders and their counter, in the same database as the stock they take from, so an
 * order and its stock decrement are one transaction.
 */
export const LOCAL_SHOP_DATABASE = {
  name: INDEXEDDB_DATABASES.catalogue,
  version: 2,
  stores: {
    /** Products created or changed by the owner, or whose stock an order took, each whole. */
    products: { keyPath: 'id', since: 1 },
    /** Ids of demo products deleted (the value: true). */
    deleted: { since: 1 },
    /** Categories created by the owner, with their position. */
    categories: { keyPath: 'slug', since: 1 },
    /** Orders placed on this device, each with its secret. */
    orders: { keyPath: 'number', since: 2 },
    /** The shop's counters: `orders` is the last order's sequence number. */
    counters: { since: 2 },
  },
} as const satisfies DatabaseSchema;

/** The back office's pictures kept on this device (src/adapters/indexeddb/indexeddb-picture-storage.ts). */
export const PICTURES_DATABASE = {
  name: INDEXEDDB_DATABASES.pictures,
  version: 1,
  stores: { pictures: { since: 1 } },
} as const satisfies DatabaseSchema;

/** The name of one of `schema`'s object stores. */
export type StoreName<S extends DatabaseSchema> = keyof S['stores'] & string;
