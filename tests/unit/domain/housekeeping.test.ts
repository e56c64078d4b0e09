import { describe, expect, it } from 'vitest';
import { MemoryKeyValueStore } from '@/adapters/memory/memory-key-value-store';
import { runStartupHousekeeping } from '@/domain/housekeeping';
import { RecordingLogger } from '../../fakes/recording-logger';
import { LEGACY_KEYS_OF_THE_SPEC } from '../../support/legacy-storage-keys';

describe('start-up housekeeping (spec §4)', () => {
  it('each of the eight legacy theme and site-lock keys is removed from storage', () => {
    const store = new MemoryKeyValueStore();
    const legacy = LEGACY_KEYS_OF_THE_SPEC;
    for (const key of legacy) store.set(key, 'ancienne valeur');
    expect(runStartupHousekeeping(store).toSorted()).toEqual(legacy.toSorted());
    expect(legacy.filter((key) => store.get(key) !== null)).toEqual([]);
  });

  it('every other key is kept', () => {
    const store = new MemoryKeyValueStore();
    store.set('theme', 'dark');
    store.set('cart', '[]');
    store.set('favorites', '[]');
    store.set('temp_admin_auth', 'authenticated');
    expect(runStartupHousekeeping(store)).toEqual(['theme']);
    expect([store.get('cart'), store.get('favorites'), store.get('temp_admin_auth')]).toEqual(['[]', '[]', 'authenticated']);
  });

  it('a legacy key the browser refuses to remove is logged by name, and the other seven still go', () => {
    const store = storeRefusingToRemove('darkMode');
    const logger = new RecordingLogger();
    for (const key of LEGACY_KEYS_OF_THE_SPEC) store.set(key, 'ancienne valeur');
    const removed = runStartupHousekeeping(store, logger);
    expect(removed.toSorted()).toEqual(LEGACY_KEYS_OF_THE_SPEC.filter((key) => key !== 'darkMode').toSorted());
    expect(LEGACY_KEYS_OF_THE_SPEC.filter((key) => store.get(key) !== null)).toEqual(['darkMode']);
    expect(logger.problems('warn')).toEqual(['Could not remove the legacy storage key "darkMode"']);
  });

  it('with no logger (as at start-up), a refused removal does not stop the shop from starting', () => {
    const store = storeRefusingToRemove('theme');
    store.set('theme', 'dark');
    expect(runStartupHousekeeping(store)).toEqual([]);
    expect(store.get('theme')).toBe('dark');
  });
});

function storeRefusingToRemove(refused: string): MemoryKeyValueStore {
  return new (class extends MemoryKeyValueStore {
    override remove(key: string): void {
      if (key === refused) throw new Error('SecurityError');
      super.remove(key);
    }
  })();
}
