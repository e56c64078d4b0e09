import type { Result } from '@/domain/result';
import { token } from './token';

/**
 * A synchronous string store shared by every tab of the shop (localStorage in the browser).
 * `set` answers a failure coded `quota` or `unavailable` when the value cannot be
 * kept (full quota, private mode), and keeps the previous value; nothing throws: `get` returns
 * null for a missing key and for a read the browser refuses.
 */
export interface KeyValueStore {
  get(key: string): string | null;
  set(key: string, value: string): StorageWrite;
  remove(key: string): void;
  /** Changes made by another tab (or another store instance on the same backing storage). */
  subscribe(listener: (change: StorageChange) => void): () => void;
}

/** key null means the whole storage was cleared. */
export interface StorageChange {
  key: string | null;
  newValue: string | null;
}

/** Why a value was not kept: the quota is full, or the storage refuses writes (private mode, blocked). */
export interface StorageWriteFailure {
  code: 'quota' | 'unavailable';
  key: string;
}

/** The answer of a write: saved, or the coded reason it was not (the domain words it for the shopper). */
export type StorageWrite = Result<undefined, StorageWriteFailure>;

export const KEY_VALUE_STORE = token<KeyValueStore>('KeyValueStore');
