import type { CatalogueChange, CatalogueChanges } from '../../ports/catalogue-changes';
import { BroadcastChanges } from './broadcast-changes';

/** The BroadcastChannel every tab of the shop on this origin shares for catalogue changes. */
export const CATALOGUE_CHANNEL = 'boutique-catalogue';

/** A well-formed catalogue change, its two fields alone; null for anything else. */
function catalogueChangeFrom(data: unknown): CatalogueChange | null {
  const { productId, kind } = (data ?? {}) as Partial<Record<keyof CatalogueChange, unknown>>;
  return typeof productId === 'string' && productId !== '' && (kind === 'saved' || kind === 'deleted') ? { productId, kind } : null;
}

/**
 * Catalogue changes between the tabs of this browser (broadcast-changes.ts). `announce` is the
 * local CatalogueWriter's callback.
 */
export class BroadcastCatalogueChanges extends BroadcastChanges<CatalogueChange> implements CatalogueChanges {
  constructor(channel: BroadcastChannel | null) {
    super(channel, catalogueChangeFrom);
  }
}

let thisPage: BroadcastCatalogueChanges | null = null;

/**
 * The page's one adapter on the shop's channel (this page's listeners and its back office's
 * announcements meet there), opened on first use.
 */
export function thisPageCatalogueChanges(): BroadcastCatalogueChanges {
  thisPage ??= new BroadcastCatalogueChanges(typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(CATALOGUE_CHANNEL));
  return thisPage;
}
