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
