import type { CatalogueChange, CatalogueChanges } from '../../ports/catalogue-changes';
import { BroadcastChanges, onThisPage } from './broadcast-changes';

/** The BroadcastChannel every tab of the shop on this origin shares for catalogue changes. */
export const CATALOGUE_CHANNEL = 'boutique-catalogue';

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

/** The page's one adapter on the shop's catalogue channel, opened on first use. */
export const thisPageCatalogueChanges = onThisPage(CATALOGUE_CHANNEL, (channel) => new BroadcastCatalogueChanges(channel));
