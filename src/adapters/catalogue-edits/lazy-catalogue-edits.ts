import type { KeyValueStore } from '@/ports/key-value-store';
import type { Logger } from '@/ports/logger';
import type { DemoEdits } from '../demo-catalogue/demo-catalogue';
import type { EditedCatalogueOptions } from './edited-catalogue';
import { STORAGE_KEYS } from '@/domain/storage-keys';

/**
 * The owner's edits for the demo catalogue, at the cost of one localStorage read while there are
 * none: the code that reads IndexedDB (and IndexedDB itself) is loaded only once the marker that
 * the first saved edit writes is there, so a shopper's visit never downloads it.
 * `options.resolveImages` is the seam for pictures kept on the device (`local-picture:<id>`).
 */
export function lazyCatalogueEdits(store: Pick<KeyValueStore, 'get'>, logger?: Logger, options?: EditedCatalogueOptions): DemoEdits {
  return async (shipped) =>
    store.get(STORAGE_KEYS.catalogueEdited) === null ? null : (await import('./edited-catalogue')).editedCatalogue(shipped, logger, options);
}
