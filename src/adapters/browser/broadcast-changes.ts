import type { CatalogueChange, CatalogueChanges } from '@/ports/catalogue-changes';
import { CATALOGUE_CHANGES_CHANNEL } from '@/domain/storage-keys';

// The BroadcastChannel announcers of this browser's tabs: the mechanism, and the catalogue's
// channel, which the shell hears from the first render. The orders' channel is its own module
// (./broadcast-order-changes.ts), loaded on demand: it is not part of a first visit's code.

type Listener<T> = (change: T) => void;

/**
 * Changes between the tabs of this browser, on one BroadcastChannel. `announce` posts to the
 * other tabs and tells this tab's own listeners, since a BroadcastChannel never delivers a message
 * to the object that posted it. `channel` null (no BroadcastChannel in this browser): this tab's
 * listeners only. `read` makes a clean change of what arrives (null for anything else: another
 * version of the shop, open in another tab, may post something else there) and of what is
 * announced, so only the change's own fields ever travel.
 */
export class BroadcastChanges<T extends object> {
  private readonly listeners = new Set<Listener<T>>();

  constructor(
    private readonly channel: BroadcastChannel | null,
    private readonly read: (data: unknown) => T | null,
  ) {
    channel?.addEventListener('message', ({ data }: MessageEvent<unknown>) => {
      const change = read(data);
      if (change) this.tell(change);
    });
  }

  subscribe(listener: Listener<T>): () => void {
    // One entry per subscription: the same function subscribed twice is two subscriptions.
    const entry: Listener<T> = (change) => listener(change);
    this.listeners.add(entry);
    return () => void this.listeners.delete(entry);
  }

  announce(change: T): void {
    const message = this.read(change);
    if (!message) return;
    this.channel?.postMessage(message);
    this.tell(message);
  }

  private tell(change: T): void {
    for (const listener of [...this.listeners]) listener({ ...change });
  }
}

/** The BroadcastChannel `name` of this origin, or null where the browser has none. */
export function openBroadcastChannel(name: string): BroadcastChannel | null {
  return typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(name);
}

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
