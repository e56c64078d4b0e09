import { IDBFactory } from 'fake-indexeddb';
import * as v from 'valibot';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { IndexedDbSharedCommits } from '@/adapters/indexeddb/indexeddb-shared-commits';
import { MemoryKeyValueStore, MemoryStorageArea } from '@/adapters/memory/memory-key-value-store';
import { PersistedState } from '@/adapters/cross-tab/persisted-state';
import { RecordingLogger } from '../fakes/recording-logger';

// The stored-list mechanism on the real IndexedDB adapter (fake-indexeddb: a complete
// IndexedDB in Node), its tabs racing: what the memory fake lets the unit tests order by hand,
// here in whatever order the database serves them.

const channels: BroadcastChannel[] = [];
afterEach(() => {
  for (const channel of channels.splice(0)) channel.close();
});

function browser() {
  const factory = new IDBFactory();
  const storage = new MemoryStorageArea();
  const name = `commits-${Math.random()}`;
  return {
    storage,
    openTab() {
      const channel = new BroadcastChannel(name);
      channels.push(channel);
      const store = new MemoryKeyValueStore(storage);
      const commits = new IndexedDbSharedCommits({ factory, databaseName: 'boutique', channel });
      return new PersistedState<readonly string[]>({
        store,
        commits,
        key: 'cart',
        parse: v.array(v.string()),
        initial: [],
        logger: new RecordingLogger(),
      });
    },
  };
}

describe('PersistedState over IndexedDB', () => {
  it('three tabs committing 90 changes at once lose none, and all end equal to storage', async () => {
    const { storage, openTab } = browser();
    const tabs = [openTab(), openTab(), openTab()];
    const words = Array.from({ length: 90 }, (_, n) => `article-${n}`);
    const outcomes = await Promise.all(words.map((word, n) => tabs[n % 3]!.update((list) => [...list, word])));
    expect(outcomes.every((outcome) => outcome.ok)).toBe(true);

    const stored = JSON.parse(storage.data.get('cart') ?? '[]') as string[];
    expect([...stored].sort()).toEqual([...words].sort());
    // Each tab's own changes keep the order it made them in.
    for (let tab = 0; tab < 3; tab++) {
      const own = words.filter((_, n) => n % 3 === tab);
      expect(stored.filter((word) => own.includes(word))).toEqual(own);
    }
    await vi.waitFor(() => {
      for (const tab of tabs) expect(tab.get()).toEqual(stored);
    });
  });
});
