import type { CatalogueChange, CatalogueChanges, CatalogueNews } from '../../ports/catalogue-changes';

/** The BroadcastChannel every tab of the shop on this origin shares for catalogue changes. */
export const CATALOGUE_CHANNEL = 'boutique-catalogue';

type Listener = (news: CatalogueNews) => void;

/**
 * Catalogue changes between the tabs of this browser. `announce` (the local CatalogueWriter's
 * callback) posts to the other tabs and tells this tab's own listeners, since a BroadcastChannel
 * never delivers a message to the object that posted it. `channel` null (no BroadcastChannel in
 * this browser): this tab's listeners only.
 */
export class BroadcastCatalogueChanges implements CatalogueChanges {
  private readonly listeners = new Set<Listener>();

  constructor(private readonly channel: BroadcastChannel | null) {
    // Another version of the shop, open in another tab, may post something else here: only a
    // well-formed change is passed on.
    channel?.addEventListener('message', ({ data }: MessageEvent<unknown>) => {
      const { productId, kind } = (data ?? {}) as Partial<Record<keyof CatalogueChange, unknown>>;
      if (typeof productId === 'string' && productId !== '' && (kind === 'saved' || kind === 'deleted')) this.tell({ productId, kind });
    });
  }

  subscribe(listener: Listener): () => void {
    // One entry per subscription: the same function subscribed twice is two subscriptions.
    const entry: Listener = (news) => listener(news);
    this.listeners.add(entry);
    return () => void this.listeners.delete(entry);
  }

  announce(change: CatalogueChange): void {
    const message: CatalogueChange = { productId: change.productId, kind: change.kind };
    this.channel?.postMessage(message);
    this.tell(message);
  }

  private tell(change: CatalogueChange): void {
    for (const listener of [...this.listeners]) listener({ ...change });
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
