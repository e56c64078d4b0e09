import type { CatalogueChanges } from '@/ports/catalogue-changes';
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
 * `changes`: the announcements of this browser's other tabs. One of them means edits exist, even
 * before that tab's write of the marker reaches this tab's copy of localStorage (browsers deliver
 * it later than the announcement): the catalogue then reads IndexedDB, which every tab shares at once.
 */
export function lazyCatalogueEdits(
  store: Pick<KeyValueStore, 'get'>,
  logger?: Logger,
  options?: EditedCatalogueOptions,
  changes?: Pick<CatalogueChanges, 'subscribe'>,
): DemoEdits {
  let heard = false;
  changes?.subscribe(() => {
    heard = true;
  });
  return async (shipped) =>
    !heard && store.get(STORAGE_KEYS.catalogueChanged) === null ? null : (await import('./edited-catalogue')).editedCatalogue(shipped, logger, options);
}
