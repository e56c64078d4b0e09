// The CatalogueChanges port on both backends: a change the back office makes reaches an open
// storefront with the product's id and what happened to it. Locally: between tabs through a
// BroadcastChannel (here, two adapters on two channels of the same name, as two tabs have);
// with Supabase: a Realtime channel whose events come from rows really changed in PostgreSQL
// (tests/support/supabase/fake-realtime.ts). No waiting on time: each test awaits the change.
import { afterEach, describe, expect, it } from 'vitest';
import { BroadcastCatalogueChanges, CATALOGUE_CHANNEL } from '../../src/adapters/browser/broadcast-catalogue-changes';
import type { CatalogueChange, CatalogueChanges } from '../../src/ports/catalogue-changes';

/** What a test needs of one backend: a storefront that listens, and the back office's hand. */
interface ChangesSubject {
  /** The open storefront (another tab, another browser). */
  storefront: CatalogueChanges;
  /** A product the back office can change and delete. */
  productId: string;
  /** The back office saves the product (a new price). */
  save(productId: string): Promise<void>;
  /** The back office deletes the product. */
  remove(productId: string): Promise<void>;
}

interface ChangesBackend {
  name: string;
  make(): Promise<ChangesSubject>;
}

/** Every change a subscription hears, and a promise of the next one. */
function listen(changes: CatalogueChanges) {
  const heard: CatalogueChange[] = [];
  let waiting: Array<(change: CatalogueChange) => void> = [];
  const stop = changes.subscribe((change) => {
    heard.push(change);
    const resolve = waiting;
    waiting = [];
    for (const r of resolve) r(change);
  });
  const next = () => new Promise<CatalogueChange>((resolve) => waiting.push(resolve));
  return { heard, next, stop };
}

const cleanups: Array<() => unknown> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function openChannel(): BroadcastChannel {
  const channel = new BroadcastChannel(CATALOGUE_CHANNEL);
  cleanups.push(() => channel.close());
  return channel;
}

/** Two tabs of the local shop: the back office announces in one, the storefront listens in the other. */
function localBackend(): ChangesBackend {
  return {
    name: 'local',
    async make() {
      const backOffice = new BroadcastCatalogueChanges(openChannel());
      const storefront = new BroadcastCatalogueChanges(openChannel());
      return {
        storefront,
        productId: 'theiere-fonte-noire',
        save: async (productId) => backOffice.announce({ productId, kind: 'saved' }),
        remove: async (productId) => backOffice.announce({ productId, kind: 'deleted' }),
      };
    },
  };
}

describe.each([localBackend()])('CatalogueChanges contract: $name', ({ make }) => {
  it('a saved product reaches a subscriber with its id', async () => {
    const subject = await make();
    const tab = listen(subject.storefront);
    const heard = tab.next();
    await subject.save(subject.productId);
    expect(await heard).toEqual({ productId: subject.productId, kind: 'saved' });
  });

  it('a deleted product reaches a subscriber as deleted', async () => {
    const subject = await make();
    const tab = listen(subject.storefront);
    const heard = tab.next();
    await subject.remove(subject.productId);
    expect(await heard).toEqual({ productId: subject.productId, kind: 'deleted' });
  });

  it('every subscriber hears the change; one that unsubscribed hears nothing more', async () => {
    const subject = await make();
    const gone = listen(subject.storefront);
    const staying = listen(subject.storefront);
    const first = staying.next();
    await subject.save(subject.productId);
    await first;
    expect(gone.heard).toEqual([{ productId: subject.productId, kind: 'saved' }]);

    gone.stop();
    const second = staying.next();
    await subject.remove(subject.productId);
    expect(await second).toEqual({ productId: subject.productId, kind: 'deleted' });
    // Delivered to the subscriptions together: had `gone` still been one, it would have heard it by now.
    expect(gone.heard).toEqual([{ productId: subject.productId, kind: 'saved' }]);
    expect(staying.heard).toHaveLength(2);
  });
});

describe('CatalogueChanges, local: between the tabs of one browser', () => {
  it('the tab that announces hears its own change too, as do the other tabs', async () => {
    const backOffice = new BroadcastCatalogueChanges(openChannel());
    const otherTab = new BroadcastCatalogueChanges(openChannel());
    const here = listen(backOffice);
    const there = listen(otherTab);
    const heardThere = there.next();
    backOffice.announce({ productId: 'vase-gres', kind: 'saved' });
    // This tab's own listeners are told at once (a BroadcastChannel never echoes to its sender).
    expect(here.heard).toEqual([{ productId: 'vase-gres', kind: 'saved' }]);
    expect(await heardThere).toEqual({ productId: 'vase-gres', kind: 'saved' });
    expect(here.heard).toHaveLength(1);
  });

  it('ignores what another version of the shop, or anything else, posts on the channel', async () => {
    const storefront = new BroadcastCatalogueChanges(openChannel());
    const tab = listen(storefront);
    const stranger = openChannel();
    for (const message of [
      'produit modifié',
      null,
      42,
      { productId: 7, kind: 'saved' },
      { productId: '', kind: 'saved' },
      { productId: 'vase-gres', kind: 'renamed' },
      { productId: 'vase-gres' },
      { id: 'vase-gres', type: 'saved' },
    ]) {
      stranger.postMessage(message);
    }
    const heard = tab.next();
    stranger.postMessage({ productId: 'vase-gres', kind: 'deleted', version: 2 });
    // Messages of one sender arrive in order: the malformed ones came first, and were dropped.
    expect(await heard).toEqual({ productId: 'vase-gres', kind: 'deleted' });
    expect(tab.heard).toEqual([{ productId: 'vase-gres', kind: 'deleted' }]);
  });

  it('sends the other tabs the change alone, whatever else the object handed to announce holds', async () => {
    const backOffice = new BroadcastCatalogueChanges(openChannel());
    const raw = openChannel();
    const received = new Promise<unknown>((resolve) => raw.addEventListener('message', (event) => resolve(event.data), { once: true }));
    backOffice.announce({ productId: 'vase-gres', kind: 'saved', price: 12 } as CatalogueChange);
    expect(await received).toEqual({ productId: 'vase-gres', kind: 'saved' });
  });

  it('without BroadcastChannel, the changes of this tab still reach its own listeners', () => {
    const alone = new BroadcastCatalogueChanges(null);
    const tab = listen(alone);
    alone.announce({ productId: 'vase-gres', kind: 'deleted' });
    expect(tab.heard).toEqual([{ productId: 'vase-gres', kind: 'deleted' }]);
    tab.stop();
    alone.announce({ productId: 'vase-gres', kind: 'saved' });
    expect(tab.heard).toHaveLength(1);
  });

  it('the same listener subscribed twice is two subscriptions, each stopped on its own', () => {
    const alone = new BroadcastCatalogueChanges(null);
    const heard: CatalogueChange[] = [];
    const listener = (change: CatalogueChange) => heard.push(change);
    const stopFirst = alone.subscribe(listener);
    alone.subscribe(listener);
    alone.announce({ productId: 'vase-gres', kind: 'saved' });
    expect(heard).toHaveLength(2);
    stopFirst();
    stopFirst();
    alone.announce({ productId: 'vase-gres', kind: 'saved' });
    expect(heard).toHaveLength(3);
  });
});
