import type { KeyValueStore, StorageChange } from '../../ports/key-value-store';

/**
 * One shared backing map, like the localStorage of one origin. Several stores opened on the
 * same area behave like several tabs: each hears the writes of the others, never its own.
 */
export class MemoryStorageArea {
  readonly data = new Map<string, string>();
  private readonly stores = new Set<MemoryKeyValueStore>();

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

  set(key: string, value: string): void {
    this.area.data.set(key, value);
    this.area.broadcast(this, { key, newValue: value });
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
