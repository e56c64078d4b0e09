import { describe, expect, it } from 'vitest';
import { LocalStorageKeyValueStore } from '@/adapters/local-storage/local-storage-key-value-store';
import { MemoryKeyValueStore, MemoryStorageArea } from '@/adapters/memory/memory-key-value-store';
import type { KeyValueStore, StorageChange, StorageWrite } from '@/ports/key-value-store';
import { FakeOrigin, throwingStorage } from './support/fake-browser-storage';
import { RecordingLogger } from '../fakes/recording-logger';

/** Two stores on one backing storage, like two tabs of the shop. */
interface TwoTabs {
  first: KeyValueStore;
  second: KeyValueStore;
  /** Lets cross-tab notifications arrive (the browser delivers them in a later task). */
  deliver(): void;
}

interface Adapter {
  name: string;
  openTwoTabs(options?: { quotaBytes?: number }): TwoTabs;
}

const adapters: Adapter[] = [
  {
    name: 'MemoryKeyValueStore',
    openTwoTabs(options) {
      const area = new MemoryStorageArea(options);
      return { first: new MemoryKeyValueStore(area), second: new MemoryKeyValueStore(area), deliver() {} };
    },
  },
  {
    name: 'LocalStorageKeyValueStore',
    openTwoTabs(options) {
      const origin = new FakeOrigin(options);
      const [a, b] = [origin.openTab(), origin.openTab()];
      return {
        first: new LocalStorageKeyValueStore(a.localStorage, a.window, new RecordingLogger()),
        second: new LocalStorageKeyValueStore(b.localStorage, b.window, new RecordingLogger()),
        deliver: () => origin.deliverEvents(),
      };
    },
  },
];

function record(store: KeyValueStore): { changes: StorageChange[]; unsubscribe: () => void } {
  const changes: StorageChange[] = [];
  const unsubscribe = store.subscribe((change) => changes.push(change));
  return { changes, unsubscribe };
}

/** The coded failure of a write, which must fail (and never throw). */
function writeError(write: () => StorageWrite) {
  const written = write();
  if (written.ok) throw new Error('expected the write to fail');
  return written.error;
}

describe.each(adapters)('KeyValueStore contract: $name', ({ openTwoTabs }) => {
  it('returns null for a key never written', () => {
    const { first } = openTwoTabs();
    expect(first.get('cart')).toBeNull();
  });

  it('gives back exactly the string it was given', () => {
    const { first } = openTwoTabs();
    const json = JSON.stringify([{ id: 'p1', name: 'Théière en fonte « Kyoto »', price: 49.9 }]);
    first.set('cart', json);
    first.set('empty', '');
    expect(first.get('cart')).toBe(json);
    expect(first.get('empty')).toBe('');
  });

  it('replaces the value when a key is written again', () => {
    const { first } = openTwoTabs();
    first.set('favorites', '[]');
    first.set('favorites', '[{"id":"p2"}]');
    expect(first.get('favorites')).toBe('[{"id":"p2"}]');
  });

  it('forgets a removed key, and removing a missing key is harmless', () => {
    const { first } = openTwoTabs();
    first.set('temp_admin_auth', 'authenticated');
    first.remove('temp_admin_auth');
    expect(first.get('temp_admin_auth')).toBeNull();
    expect(() => first.remove('never-written')).not.toThrow();
  });

  it('shares the data between tabs', () => {
    const { first, second } = openTwoTabs();
    first.set('cart', '[1]');
    expect(second.get('cart')).toBe('[1]');
    second.remove('cart');
    expect(first.get('cart')).toBeNull();
  });

  it("reports another tab's writes and removals, with key and new value", () => {
    const { first, second, deliver } = openTwoTabs();
    const heard = record(second);
    first.set('cart', '[{"id":"p1","quantity":2}]');
    first.remove('cart');
    deliver();
    expect(heard.changes).toEqual([
      { key: 'cart', newValue: '[{"id":"p1","quantity":2}]' },
      { key: 'cart', newValue: null },
    ]);
  });

  it('does not report a tab its own writes', () => {
    const { first, deliver } = openTwoTabs();
    const own = record(first);
    first.set('cart', '[]');
    first.remove('cart');
    deliver();
    expect(own.changes).toEqual([]);
  });

  it('stops reporting to a listener that unsubscribed, and keeps reporting to the others', () => {
    const { first, second, deliver } = openTwoTabs();
    const gone = record(second);
    const stays = record(second);
    gone.unsubscribe();
    first.set('favorites', '[]');
    deliver();
    expect(gone.changes).toEqual([]);
    expect(stays.changes).toEqual([{ key: 'favorites', newValue: '[]' }]);
  });

  it('answers quota when full, and keeps the previous value', () => {
    const { first, second, deliver } = openTwoTabs({ quotaBytes: 100 });
    first.set('cart', '[]');
    deliver();
    const heard = record(second);

    const error = writeError(() => first.set('cart', 'x'.repeat(200)));

    expect(error).toEqual({ key: 'cart', code: 'quota' });
    expect(first.get('cart')).toBe('[]');
    deliver();
    expect(heard.changes).toEqual([]);
  });

  // Parsing and ignoring bad JSON is the domain's job (PersistedState): the store only keeps strings.
  it('returns stored text that is not valid JSON as it is', () => {
    const { first, second } = openTwoTabs();
    first.set('newsletter_subscribers', '[{"id":');
    expect(second.get('newsletter_subscribers')).toBe('[{"id":');
  });
});

describe('LocalStorageKeyValueStore: what only the browser does', () => {
  it('reports a storage cleared by another tab as key null', () => {
    const origin = new FakeOrigin();
    const [a, b] = [origin.openTab(), origin.openTab()];
    const second = new LocalStorageKeyValueStore(b.localStorage, b.window);
    new LocalStorageKeyValueStore(a.localStorage, a.window).set('cart', '[]');
    origin.deliverEvents();
    const heard = record(second);
    a.localStorage.clear();
    origin.deliverEvents();
    expect(heard.changes).toEqual([{ key: null, newValue: null }]);
  });

  it("ignores 'storage' events of another storage area (sessionStorage)", () => {
    const origin = new FakeOrigin();
    const sessionOrigin = new FakeOrigin();
    const tab = origin.openTab();
    const store = new LocalStorageKeyValueStore(tab.localStorage, tab.window);
    const heard = record(store);
    const otherArea = sessionOrigin.openTab().localStorage;
    tab.window.dispatchEvent(Object.assign(new Event('storage'), { key: 'cart', newValue: '[]', storageArea: otherArea }));
    expect(heard.changes).toEqual([]);
  });

  it('reads blocked storage (SecurityError) as missing, and logs it', () => {
    const logger = new RecordingLogger();
    const store = new LocalStorageKeyValueStore(throwingStorage(new DOMException('The operation is insecure.', 'SecurityError')), new EventTarget(), logger);
    expect(store.get('cart')).toBeNull();
    expect(logger.problems('warn')).toEqual([expect.stringContaining('"cart"')]);
  });

  it('never throws when removing from blocked storage', () => {
    const logger = new RecordingLogger();
    const store = new LocalStorageKeyValueStore(throwingStorage(new DOMException('denied', 'SecurityError')), new EventTarget(), logger);
    expect(() => store.remove('cart')).not.toThrow();
    expect(logger.problems('warn')).toHaveLength(1);
  });

  it.each([
    ['the standard name', new DOMException('full', 'QuotaExceededError')],
    ["Firefox's legacy name", Object.assign(new Error('full'), { name: 'NS_ERROR_DOM_QUOTA_REACHED' })],
    ['legacy code 22 only', Object.assign(new Error('full'), { code: 22 })],
    ['legacy code 1014 only', Object.assign(new Error('full'), { code: 1014 })],
  ])('maps a full quota reported by %s to quota', (_label, thrown) => {
    const store = new LocalStorageKeyValueStore(throwingStorage(thrown), new EventTarget());
    const error = writeError(() => store.set('cart', '[]'));
    expect(error).toEqual({ key: 'cart', code: 'quota' });
  });

  it('maps any other write failure to unavailable', () => {
    const thrown = new DOMException('The operation is insecure.', 'SecurityError');
    const store = new LocalStorageKeyValueStore(throwingStorage(thrown), new EventTarget());
    expect(writeError(() => store.set('favorites', '[]'))).toEqual({ key: 'favorites', code: 'unavailable' });
  });
});
