import type { CatalogueChange, CatalogueChanges } from '@/ports/catalogue-changes';
import { CATALOGUE_CHANGES_CHANNEL } from '@/domain/storage-keys';
import { BroadcastChanges, openBroadcastChannel } from './broadcast-changes';

/** A well-formed catalogue change, its two fields alone; null for anything else. */
function catalogueChangeFrom(data: unknown): CatalogueChange | null {
  const { productId, kind } = (data ?? {}) as Partial<Record<keyof CatalogueChange, unknown>>;
  return typeof productId === 'string' && productId !== '' && (kind === 'saved' || kind === 'deleted') ? { productId, kind } : null;
}

/**
 * Catalogue changes between the tabs of this browser (BroadcastChanges). `announce` is the
 * local CatalogueWriter's callback.
 */
export class BroadcastCatalogueChanges extends BroadcastChanges<CatalogueChange> implements CatalogueChanges {
  constructor(channel: BroadcastChannel | null) {
    super(channel, catalogueChangeFrom);
  }
}

/** A new adapter on the shop's catalogue channel: the composition root opens one per container. */
export function openCatalogueChanges(): BroadcastCatalogueChanges {
  return new BroadcastCatalogueChanges(openBroadcastChannel(CATALOGUE_CHANGES_CHANNEL));
}
