import { describe, expect, it } from 'vitest';
import { MemoryKeyValueStore } from '../../../src/adapters/memory/memory-key-value-store';
import { LEGACY_STORAGE_KEYS, runStartupHousekeeping } from '../../../src/domain/housekeeping';

describe('start-up housekeeping (spec §4)', () => {
  it('the legacy theme and site-lock keys are removed from storage', () => {
    const store = new MemoryKeyValueStore();
    for (const key of LEGACY_STORAGE_KEYS) store.set(key, 'ancienne valeur');
    runStartupHousekeeping(store);
    for (const key of LEGACY_STORAGE_KEYS) expect(store.get(key)).toBeNull();
  });

  it('the legacy keys include the theme and the site lock', () => {
    expect(LEGACY_STORAGE_KEYS).toEqual(expect.arrayContaining(['theme', 'site_locked']));
  });

  it('every other key is kept', () => {
    const store = new MemoryKeyValueStore();
    store.set('theme', 'dark');
    store.set('cart', '[]');
    store.set('favorites', '[]');
    store.set('temp_admin_auth', 'authenticated');
    expect(runStartupHousekeeping(store)).toEqual(['theme']);
    expect([store.get('cart'), store.get('favorites'), store.get('temp_admin_auth')]).toEqual([
      '[]',
      '[]',
      'authenticated',
    ]);
  });
});
