import { token } from './token';

/**
 * A synchronous string store shared by every tab of the shop (localStorage in the browser).
 * `set` throws a StorageWriteError when the value cannot be kept (full quota, private mode);
 * `get` returns null for a missing key and never throws for a read the browser refuses.
 */
export interface KeyValueStore {
  get(key: string): string | null;
  set(key: string, value: string): void;
  remove(key: string): void;
  /** Changes made by another tab (or another store instance on the same backing storage). */
  subscribe(listener: (change: StorageChange) => void): () => void;
}

/** key null means the whole storage was cleared. */
export interface StorageChange {
  key: string | null;
  newValue: string | null;
}

export class StorageWriteError extends Error {
  constructor(
    readonly key: string,
    readonly reason: 'quota' | 'unavailable',
    options?: { cause?: unknown },
  ) {
    super(`Could not write "${key}" to storage (${reason})`, options);
    this.name = 'StorageWriteError';
  }
}

export const KEY_VALUE_STORE = token<KeyValueStore>('KeyValueStore');
