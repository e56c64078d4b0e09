import type { Logger } from '@/ports/logger';
import { ok } from '@/domain/result';
import type { KeyValueStore, StorageChange, StorageWrite } from '@/ports/key-value-store';

/** The part of the Web Storage API we use (window.localStorage in the app, a fake in tests). */
export type StorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** Where the browser dispatches 'storage' events: the window. */
export type StorageEventSource = Pick<EventTarget, 'addEventListener' | 'removeEventListener'>;

/**
 * KeyValueStore over localStorage. Other tabs' changes arrive through the window's 'storage'
 * event, which the browser never fires in the tab that wrote: exactly the port's "not your
 * own writes" rule. (Two instances inside one window therefore do not hear each other; the
 * app opens one per tab.)
 */
export class LocalStorageKeyValueStore implements KeyValueStore {
  constructor(
    private readonly storage: StorageLike,
    private readonly events: StorageEventSource,
    private readonly logger?: Logger,
  ) {}

  get(key: string): string | null {
    try {
      return this.storage.getItem(key);
    } catch (error) {
      // Blocked storage (SecurityError) is treated as empty: the spec only logs read failures.
      this.logger?.warn(`Could not read "${key}" from localStorage; treating it as missing`, error);
      return null;
    }
  }

  set(key: string, value: string): StorageWrite {
    try {
      this.storage.setItem(key, value);
      return ok();
    } catch (error) {
      // The caller (the domain) decides what to tell the shopper, and logs it.
      return { ok: false, error: { code: isQuotaExceeded(error) ? 'quota' : 'unavailable', key } };
    }
  }

  remove(key: string): void {
    try {
      this.storage.removeItem(key);
    } catch (error) {
      this.logger?.warn(`Could not remove "${key}" from localStorage`, error);
    }
  }

  subscribe(listener: (change: StorageChange) => void): () => void {
    const onStorage = (event: Event): void => {
      const { storageArea, key, newValue } = event as StorageEvent;
      // sessionStorage changes of other tabs are dispatched on the same window.
      if (storageArea !== this.storage) return;
      listener({ key, newValue });
    };
    this.events.addEventListener('storage', onStorage);
    return () => this.events.removeEventListener('storage', onStorage);
  }
}

// Browsers disagree on how a full quota is reported: the standard name (code 22), Firefox's
// legacy NS_ERROR_DOM_QUOTA_REACHED (code 1014), and old engines that only set the code.
const QUOTA_ERROR_NAMES = new Set(['QuotaExceededError', 'NS_ERROR_DOM_QUOTA_REACHED']);
const QUOTA_ERROR_CODES = new Set([22, 1014]);

function isQuotaExceeded(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { name, code } = error as { name?: unknown; code?: unknown };
  return (typeof name === 'string' && QUOTA_ERROR_NAMES.has(name)) || (typeof code === 'number' && QUOTA_ERROR_CODES.has(code));
}
