import { MemoryKeyValueStore } from '@/adapters/memory/memory-key-value-store';
import type { KeyValueStore, StorageChange, StorageWrite } from '@/ports/key-value-store';

/**
 * A MemoryKeyValueStore whose writes fail like a full browser quota while `failWrites` is on:
 * `set` fails (`quota`) and stores nothing. Reads and removes still work.
 */
export class FailingKeyValueStore implements KeyValueStore {
  failWrites = false;

  constructor(readonly inner: MemoryKeyValueStore = new MemoryKeyValueStore()) {}

  get(key: string): string | null {
    return this.inner.get(key);
  }

  set(key: string, value: string): StorageWrite {
    if (this.failWrites) return { ok: false, error: { code: 'quota', key } };
    return this.inner.set(key, value);
  }

  remove(key: string): void {
    this.inner.remove(key);
  }

  subscribe(listener: (change: StorageChange) => void): () => void {
    return this.inner.subscribe(listener);
  }
}
