import type { DemoEdits } from '../demo-catalogue/demo-catalogue';
import type { Logger } from '../../ports/logger';
import type { EditedCatalogue, ResolveImages } from './edited-catalogue';

/** The localStorage entry that says the owner has edited the catalogue on this device. */
export const CATALOGUE_EDITS_MARKER = 'catalogue_edits';
/** The IndexedDB database of the edits (apart from the cart's, so each upgrades on its own). */
export const CATALOGUE_EDITS_DATABASE = 'boutique-catalogue';

export interface LazyCatalogueEditsOptions {
  /** The browser's localStorage and IndexedDB, or null where they are refused. */
  storage: Pick<Storage, 'getItem'> | null;
  factory: IDBFactory | null;
  databaseName?: string;
  logger?: Logger;
  /** The seam for pictures kept on the device: their addresses become ones a page can show. */
  resolveImages?: ResolveImages;
}

/**
 * The owner's edits for the demo catalogue, at the cost of one localStorage read while there are
 * none: the code that reads IndexedDB (and IndexedDB itself) is loaded only once the marker that
 * the first saved edit writes is there, so a shopper's visit never downloads it.
 */
export function lazyCatalogueEdits(options: LazyCatalogueEditsOptions): DemoEdits {
  let reader: Promise<EditedCatalogue> | null = null;
  return async (shipped) => {
    const { storage, factory } = options;
    let edited: string | null = null;
    try {
      edited = storage?.getItem(CATALOGUE_EDITS_MARKER) ?? null;
    } catch {
      // A refused localStorage: no edit can have been marked.
    }
    if (edited === null || factory === null) return null;
    if (!reader) {
      const loading = import('./edited-catalogue').then(({ openEditedCatalogue }) =>
        openEditedCatalogue({ ...options, factory, databaseName: options.databaseName ?? CATALOGUE_EDITS_DATABASE }),
      );
      // A chunk that failed to download is asked for again next time.
      loading.catch(() => {
        if (reader === loading) reader = null;
      });
      reader = loading;
    }
    return (await reader).over(shipped);
  };
}
