// The local back office's catalogue writes (src/app/container.ts loads this module with the first save).
import type { BroadcastCatalogueChanges } from '@/adapters/browser/broadcast-changes';
import { CatalogueEditsStore } from '@/adapters/catalogue-edits/catalogue-edits-store';
import { LocalCatalogueWriter } from '@/adapters/catalogue-edits/local-catalogue-writer';
import { fetchDemoCatalogue, parseDemoCatalogue } from '@/adapters/demo-catalogue/demo-catalogue';
import type { IndexedDbPictureStorage } from '@/adapters/indexeddb/indexeddb-picture-storage';
import type { ProductDraft } from '@/domain/catalogue/product-draft';
import type { CatalogueWriter } from '@/ports/catalogue-writer';
import type { DependencyContainer } from 'tsyringe';
import { CLOCK, type Clock } from '@/ports/clock';
import { ID_GENERATOR, type IdGenerator } from '@/ports/id-generator';
import { KEY_VALUE_STORE, type KeyValueStore } from '@/ports/key-value-store';
import { LOGGER, type Logger } from '@/ports/logger';
import { markDemoCatalogueChanged } from './demo-catalogue-changed';

/** What the writer shares with the rest of its container: the container makes one of each. */
export interface LocalCatalogueWriterPeers {
  /** The adapter behind CATALOGUE_CHANGES: the writer announces each save there. */
  catalogueChanges: Pick<BroadcastCatalogueChanges, 'announce'>;
  /** The storage behind PICTURE_STORAGE, which made the object URLs the catalogue shows. */
  pictures: Pick<IndexedDbPictureStorage, 'addressesOf'>;
}

/** A writer over this browser's IndexedDB, with the container `c`'s clock, ids and logger. */
export function makeLocalCatalogueWriter(c: DependencyContainer, { catalogueChanges, pictures }: LocalCatalogueWriterPeers): CatalogueWriter {
  const logger = c.resolve<Logger>(LOGGER);
  const writer = new LocalCatalogueWriter({
    store: new CatalogueEditsStore({ factory: indexedDB, logger }),
    shipped: async () => parseDemoCatalogue(await fetchDemoCatalogue(), c.resolve<Clock>(CLOCK).now(), logger),
    clock: c.resolve<Clock>(CLOCK),
    ids: c.resolve<IdGenerator>(ID_GENERATOR),
    // Open storefront tabs (and this page's own listeners) hear of each save.
    announce: (change) => catalogueChanges.announce(change),
    markCatalogueChanged: () => markDemoCatalogueChanged(c.resolve<KeyValueStore>(KEY_VALUE_STORE), logger),
    logger,
  });
  // The catalogue shows uploaded pictures through this page's object URLs: what is saved is
  // the address each one shows, which outlives the page.
  const stored = (draft: ProductDraft): ProductDraft => ({ ...draft, images: pictures.addressesOf(draft.images) });
  return {
    create: (draft) => writer.create(stored(draft)),
    update: (id, draft) => writer.update(id, stored(draft)),
    remove: (id) => writer.remove(id),
  };
}
