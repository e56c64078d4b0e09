import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { MemoryKeyValueStore, MemoryStorageArea } from '../../../src/adapters/memory/memory-key-value-store';
import { lenientList, PersistedState } from '../../../src/domain/persisted-state';
import { StorageWriteError, type KeyValueStore } from '../../../src/ports/key-value-store';
import { FailingKeyValueStore } from '../../fakes/failing-key-value-store';
import { RecordingLogger } from '../../fakes/recording-logger';

const KEY = 'liste';
const EMPTY: readonly string[] = [];

function open(store: KeyValueStore, logger = new RecordingLogger()) {
  return new PersistedState<readonly string[]>({ store, key: KEY, parse: v.array(v.string()), initial: EMPTY, logger });
}

const add = (word: string) => (list: readonly string[]) => [...list, word];
const stored = (store: KeyValueStore) => JSON.parse(store.get(KEY) ?? 'null') as unknown;

function twoTabs() {
  const area = new MemoryStorageArea();
  const storeA = new MemoryKeyValueStore(area);
  const storeB = new MemoryKeyValueStore(area);
  return { area, storeA, storeB, a: open(storeA), b: open(storeB) };
}

describe('PersistedState', () => {
  it('a missing key starts from the initial state', () => {
    expect(open(new MemoryKeyValueStore()).get()).toBe(EMPTY);
  });

  it('corrupt JSON is logged and replaced by the initial state, without throwing', () => {
    const store = new MemoryKeyValueStore();
    store.set(KEY, '[pas du json');
    const logger = new RecordingLogger();
    expect(open(store, logger).get()).toBe(EMPTY);
    expect(logger.problems()).toEqual([expect.stringContaining('not JSON')]);
  });

  it('stored JSON of the wrong shape is logged and replaced by the initial state', () => {
    const store = new MemoryKeyValueStore();
    store.set(KEY, '{"pas":"une liste"}');
    const logger = new RecordingLogger();
    expect(open(store, logger).get()).toBe(EMPTY);
    expect(logger.problems()).toEqual([expect.stringContaining('unexpected shape')]);
  });

  it('a lenient list drops each invalid entry and keeps the others', () => {
    const store = new MemoryKeyValueStore();
    store.set(KEY, '["a", 2, "c", null]');
    const logger = new RecordingLogger();
    const state = new PersistedState<readonly string[]>({
      store,
      key: KEY,
      parse: lenientList(v.string(), 'mot'),
      initial: EMPTY,
      logger,
    });
    expect(state.get()).toEqual(['a', 'c']);
    expect(logger.problems('warn')).toHaveLength(2);
  });

  it('every update is written as JSON under its key', () => {
    const store = new MemoryKeyValueStore();
    const state = open(store);
    expect(state.update(add('x'))).toEqual({ saved: true });
    expect(store.get(KEY)).toBe('["x"]');
  });

  it('an update that changes nothing writes nothing and keeps the reference', () => {
    const store = new MemoryKeyValueStore();
    const state = open(store);
    const before = state.get();
    state.update((list) => list);
    expect(state.get()).toBe(before);
    expect(store.get(KEY)).toBeNull();
  });

  it('two tabs: A adds X, B adds Y, both see X and Y and so does storage (no lost update)', () => {
    const { storeA, a, b } = twoTabs();
    a.update(add('X'));
    b.update(add('Y'));
    expect(a.get()).toEqual(['X', 'Y']);
    expect(b.get()).toEqual(['X', 'Y']);
    expect(stored(storeA)).toEqual(['X', 'Y']);
  });

  it('a write another tab made before its change event arrived is not lost', () => {
    // In a browser the storage event comes later: B must re-read, not trust its copy.
    const area = new MemoryStorageArea();
    const storeB = new MemoryKeyValueStore(area);
    const b = open(storeB);
    area.data.set(KEY, '["X"]'); // A's write, event not delivered yet
    b.update(add('Y'));
    expect(b.get()).toEqual(['X', 'Y']);
    expect(stored(storeB)).toEqual(['X', 'Y']);
  });

  it('another tab’s change replaces the state and notifies the listeners', () => {
    const { a, b } = twoTabs();
    let heard = 0;
    b.subscribe(() => heard++);
    a.update(add('X'));
    expect(b.get()).toEqual(['X']);
    expect(heard).toBe(1);
  });

  it('storage cleared by another tab resets the state to the initial one', () => {
    const { area, storeA, a, b } = twoTabs();
    a.update(add('X'));
    area.data.clear();
    area.broadcast(storeA, { key: null, newValue: null });
    expect(b.get()).toBe(EMPTY);
  });

  it('another tab removing the key resets the state to the initial one', () => {
    const { storeA, a, b } = twoTabs();
    a.update(add('X'));
    storeA.remove(KEY);
    expect(b.get()).toBe(EMPTY);
  });

  it('changes of other keys are ignored', () => {
    const { storeA, b } = twoTabs();
    const before = b.get();
    storeA.set('autre', '["Z"]');
    expect(b.get()).toBe(before);
  });

  it('a quota error keeps the new state in memory, logs, and reports the StorageWriteError', () => {
    const store = new FailingKeyValueStore();
    const logger = new RecordingLogger();
    const state = open(store, logger);
    store.failWrites = true;
    const outcome = state.update(add('X'));
    expect(outcome.saved).toBe(false);
    if (!outcome.saved) {
      expect(outcome.error).toBeInstanceOf(StorageWriteError);
      expect(outcome.error.reason).toBe('quota');
      expect(outcome.error.key).toBe(KEY);
    }
    expect(state.get()).toEqual(['X']);
    expect(logger.problems('error')).toHaveLength(1);
  });

  it('after a failed write, the next update starts from memory, not from the stale stored value', () => {
    const store = new FailingKeyValueStore();
    store.inner.set(KEY, '["ancien"]');
    const state = open(store);
    store.failWrites = true;
    state.update(add('X'));
    store.failWrites = false;
    expect(state.update(add('Y'))).toEqual({ saved: true });
    expect(state.get()).toEqual(['ancien', 'X', 'Y']);
    expect(stored(store)).toEqual(['ancien', 'X', 'Y']);
  });

  it('after a failed write, memory stays ahead even if storage changed without notice', () => {
    const store = new FailingKeyValueStore();
    const state = open(store);
    store.failWrites = true;
    state.update(add('X'));
    store.failWrites = false;
    store.inner.set(KEY, '["Z"]'); // same store: no change event reaches us
    state.update(add('Y'));
    expect(state.get()).toEqual(['X', 'Y']);
    expect(stored(store)).toEqual(['X', 'Y']);
  });

  it('any other error thrown by the store counts as storage unavailable', () => {
    const store = new MemoryKeyValueStore();
    store.set = () => {
      throw new Error('SecurityError');
    };
    const outcome = open(store).update(add('X'));
    expect(outcome.saved === false && outcome.error.reason).toBe('unavailable');
  });

  it('dispose stops listening to other tabs', () => {
    const { a, b } = twoTabs();
    b.dispose();
    a.update(add('X'));
    expect(b.get()).toBe(EMPTY);
  });
});
