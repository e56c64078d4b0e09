import { token } from './token';

/** A product that was created, changed or deleted by the back office. */
export interface CatalogueChange {
  productId: string;
  kind: 'saved' | 'deleted';
}

/**
 * Tells an open storefront that the catalogue changed, so it shows the new data without a
 * reload. Locally: between the tabs of this browser (BroadcastChannel); with Supabase: a Realtime
 * channel on the product tables (spec §9: heartbeat 25 s, timeout 10 s).
 */
export interface CatalogueChanges {
  /** `listener` is called for every change from now on; the function returned stops it. */
  subscribe(listener: (change: CatalogueChange) => void): () => void;
}

export const CATALOGUE_CHANGES = /* @__PURE__ */ token<CatalogueChanges>('CatalogueChanges');
