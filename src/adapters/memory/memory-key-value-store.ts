import { ok } from '@/domain/result';
import type { KeyValueStore, StorageChange, StorageWrite } from '@/ports/key-value-store';

export interface MemoryStorageAreaOptions {
  /**
   * Simulates a full browser quota: a write that would bring the sum of every key's and
   * value's length above it fails (`quota`) and changes nothing.
   */
  quotaBytes?: number;
}

/**
 * One shared backing map, like the localStorage of one origin. Several stores opened on the
 * same area behave like several tabs: each hears the writes of the others, never its own.
 */
export class MemoryStorageArea {
  readonly data = new Map<string, string>();
  private readonly stores = new Set<MemoryKeyValueStore>();

  constructor(private readonly options: MemoryStorageAreaOptions = {}) {}

  /** Whether `value` under `key` stays within the quota (a full localStorage refuses before anything is written). */
  fits(key: string, value: string): boolean {
    const quota = this.options.quotaBytes;
    if (quota === undefined) return true;
    let size = key.length + value.length;
    for (const [k, v] of this.data) if (k !== key) size += k.length + v.length;
    return size <= quota;
  }

  attach(store: MemoryKeyValueStore): void {
    this.stores.add(store);
  }

  broadcast(from: MemoryKeyValueStore, change: StorageChange): void {
    for (const store of this.stores) if (store !== from) store.hear(change);
  }
}

export class MemoryKeyValueStore implements KeyValueStore {
  private readonly listeners = new Set<(change: StorageChange) => void>();

  constructor(private readonly area: MemoryStorageArea = new MemoryStorageArea()) {
    area.attach(this);
  }

  get(key: string): string | null {
    return this.area.data.get(key) ?? null;
  }

  set(key: string, value: string): StorageWrite {
    if (!this.area.fits(key, value)) return { ok: false, error: { code: 'quota', key } };
    this.area.data.set(key, value);
    this.area.broadcast(this, { key, newValue: value });
    return ok();
  }

  remove(key: string): void {
    this.area.data.delete(key);
    this.area.broadcast(this, { key, newValue: null });
  }

  subscribe(listener: (change: StorageChange) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Called by the area when another store wrote. */
  hear(change: StorageChange): void {
    for (const listener of this.listeners) listener(change);
  }
}
