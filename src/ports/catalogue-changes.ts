import { token } from './token';

/** A product that was created, changed or deleted by the back office. */
export interface CatalogueChange {
  productId: string;
  kind: 'saved' | 'deleted';
}

/**
 * The connection that brings the changes dropped and came back (a network that failed, a
 * server restarted): whatever changed meanwhile was not heard, so a listener reads everything
 * again. Only a remote backend says it; the tabs of one browser never miss a change.
 */
export interface CatalogueChangesMissed {
  kind: 'missed';
}

/** What a subscriber hears: one product's change, or that some may have been missed. */
export type CatalogueNews = CatalogueChange | CatalogueChangesMissed;

/**
 * Tells an open storefront that the catalogue changed, so it shows the new data without a
 * reload. Locally: between the tabs of this browser (BroadcastChannel); with Supabase: a Realtime
 * channel on the product tables (spec §9: heartbeat 25 s, timeout 10 s).
 */
export interface CatalogueChanges {
  /** `listener` is called for every change from now on; the function returned stops it. */
  subscribe(listener: (news: CatalogueNews) => void): () => void;
}

export const CATALOGUE_CHANGES = token<CatalogueChanges>('CatalogueChanges');
