import type { KeyValueStore } from '@/ports/key-value-store';
import type { Logger } from '@/ports/logger';

/**
 * Keys left behind by earlier versions of the shop: a theme switch (the shop is light-only now)
 * and a site lock (gone). Spec §4 removes them at every start-up.
 */
const LEGACY_STORAGE_KEYS = [
  'theme',
  'vite-ui-theme',
  'darkMode',
  'dark-mode',
  'site_locked',
  'site_lock_password',
  'site_lock_until',
  'siteLockUntil',
] as const;

/** Returns the keys it removed. Touches only keys that exist, so other tabs hear no empty changes. */
export function runStartupHousekeeping(store: KeyValueStore, logger?: Logger): string[] {
  const removed: string[] = [];
  for (const key of LEGACY_STORAGE_KEYS) {
    if (store.get(key) === null) continue;
    try {
      store.remove(key);
      removed.push(key);
    } catch (error) {
      logger?.warn(`Could not remove the legacy storage key "${key}"`, error);
    }
  }
  return removed;
}
