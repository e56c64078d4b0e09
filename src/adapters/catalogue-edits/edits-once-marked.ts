import type { CatalogueChanges } from '@/ports/catalogue-changes';
import type { KeyValueStore } from '@/ports/key-value-store';
import type { DemoEdits } from '../demo-catalogue/demo-catalogue';
import { STORAGE_KEYS } from '@/domain/storage-keys';

/**
 * The owner's edits for the demo catalogue, at the cost of one localStorage read while there are
 * none: `read` (the edits kept in IndexedDB) is asked only once the marker that the first saved
 * edit writes is there, so a shopper's visit never reads IndexedDB.
 * `changes`: the announcements of this browser's other tabs. One of them means edits exist, even
 * before that tab's write of the marker reaches this tab's copy of localStorage (browsers deliver
 * it later than the announcement): the catalogue then reads IndexedDB, which every tab shares at once.
 */
export function editsOnceMarked(store: Pick<KeyValueStore, 'get'>, read: DemoEdits, changes?: Pick<CatalogueChanges, 'subscribe'>): DemoEdits {
  let heard = false;
  changes?.subscribe(() => {
    heard = true;
  });
  return async (shipped) => (!heard && store.get(STORAGE_KEYS.catalogueChanged) === null ? null : read(shipped));
}
