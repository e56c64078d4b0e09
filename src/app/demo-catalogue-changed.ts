import type { KeyValueStore } from '@/ports/key-value-store';
import type { Logger } from '@/ports/logger';
import { STORAGE_KEYS } from '@/domain/storage-keys';

/**
 * Notes on this device that its shop database changed the demo catalogue (an owner's save, an
 * order's stock), so the storefront reads the database from now on. A refusal is logged: the
 * change is saved, but this device's storefront goes on showing the demo catalogue as shipped.
 */
export function markDemoCatalogueChanged(store: KeyValueStore, logger: Logger): void {
  const written = store.set(STORAGE_KEYS.catalogueChanged, '1');
  if (!written.ok) logger.warn('localStorage refused the demo catalogue changed marker: the storefront shows the demo catalogue as shipped', written.error);
}
