// The CatalogueChanges port on both backends: a change the back office makes reaches an open
// storefront with the product's id and what happened to it. Locally: between tabs through a
// BroadcastChannel (here, two adapters on two channels of the same name, as two tabs have);
// with Supabase: a Realtime channel whose events come from rows really changed in PostgreSQL
// (tests/support/supabase/fake-realtime.ts). No waiting on time: each test awaits the change.
import 'reflect-metadata';
import type { SupabaseClient } from '@supabase/supabase-js';
import { container as root } from 'tsyringe';
import { describe, expect, it, vi } from 'vitest';
import { BroadcastCatalogueChanges } from '@/adapters/browser/broadcast-changes';
import { CATALOGUE_CHANGES_CHANNEL } from '@/domain/storage-keys';
import { SupabaseAdminAuthGateway } from '@/adapters/supabase/supabase-admin-auth-gateway';
import { SupabaseCatalogueChanges } from '@/adapters/supabase/supabase-catalogue-changes';
import { registerSupabase, SUPABASE_CLIENT } from '@/app/register-supabase';
import { CATALOGUE_CHANGES, type CatalogueChange, type CatalogueChanges, type CatalogueNews } from '@/ports/catalogue-changes';
import { RecordingLogger } from '../fakes/recording-logger';
import { ADMIN_USER, MemoryStorage } from '../support/supabase/test-project';
import { listen, realtimeSuite } from './support/realtime-changes';

/** What a test needs of one backend: a storefront that listens, and the back office's hand. */
interface ChangesSubject {
  /** The open storefront (another tab, another browser). */
  storefront: CatalogueChanges;
  /** Resolves once the storefront's subscriptions are live (Supabase: its channel joined). */
  listening(): Promise<void>;
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

const { cleanups, project, logger: testLogger, realtimeClient, asAdmin } = realtimeSuite();

function openChannel(): BroadcastChannel {
  const channel = new BroadcastChannel(CATALOGUE_CHANGES_CHANNEL);
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
        listening: async () => undefined,
        productId: 'theiere-fonte-noire',
        save: async (productId) => backOffice.announce({ productId, kind: 'saved' }),
        remove: async (productId) => backOffice.announce({ productId, kind: 'deleted' }),
      };
    },
  };
}

// ---- Supabase ---------------------------------------------------------------------------------

function catalogueChanges(client: SupabaseClient): SupabaseCatalogueChanges {
  return new SupabaseCatalogueChanges(client, testLogger());
}

/** A product of its own for one test, published or not, with one picture; its id. */
async function newProduct(published = true): Promise<string> {
  const [row] = await asAdmin(
    `insert into public.products (slug, name, price, category_id, stock, is_published)
     select 'test-rt-' || gen_random_uuid(), 'Vase de test', 30, id, 4, $1 from public.categories order by id limit 1
     returning id::text`,
    [published],
  );
  await asAdmin(`insert into public.product_images (product_id, url, position) values ($1, '/images/test/vase.svg', 0)`, [row.id]);
  return row.id as string;
}

/** A visitor's storefront on Supabase; the back office writes in PostgreSQL as the admin. */
function supabaseBackend(): ChangesBackend {
  return {
    name: 'Supabase',
    async make() {
      return {
        storefront: catalogueChanges(realtimeClient()),
        listening: () => project().realtime.whenChannels(1),
        productId: await newProduct(),
        save: async (productId) => void (await asAdmin('update public.products set price = 24.9 where id = $1', [productId])),
        remove: async (productId) => void (await asAdmin('delete from public.products where id = $1', [productId])),
      };
    },
  };
}

describe.each([localBackend(), supabaseBackend()])('CatalogueChanges contract: $name', ({ make }) => {
  it('a saved product reaches a subscriber with its id', async () => {
    const subject = await make();
    const tab = listen(subject.storefront);
    await subject.listening();
    const heard = tab.next();
    await subject.save(subject.productId);
    expect(await heard).toEqual({ productId: subject.productId, kind: 'saved' });
  });

  it('a deleted product reaches a subscriber as deleted', async () => {
    const subject = await make();
    const tab = listen(subject.storefront);
    await subject.listening();
    const heard = tab.next();
    await subject.remove(subject.productId);
    expect(await heard).toEqual({ productId: subject.productId, kind: 'deleted' });
  });

  it('every subscriber hears the change; one that unsubscribed hears nothing more', async () => {
    const subject = await make();
    const gone = listen(subject.storefront);
    const staying = listen(subject.storefront);
    await subject.listening();
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
    const heard: CatalogueNews[] = [];
    const listener = (change: CatalogueNews) => heard.push(change);
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

describe('CatalogueChanges, Supabase: what Realtime sends whom', () => {
  it('a new product is heard as saved, with the id the database gave it', async () => {
    const tab = listen(catalogueChanges(realtimeClient()));
    await project().realtime.whenChannels(1);
    const heard = tab.next();
    const id = await newProduct();
    expect(await heard).toEqual({ productId: id, kind: 'saved' });
  });

  it('a visitor hears nothing of a product that is not published; the signed-in admin hears it', async () => {
    const hidden = await newProduct(false);
    const shown = await newProduct(true);
    const visitor = listen(catalogueChanges(realtimeClient()));
    const adminClient = realtimeClient(new MemoryStorage());
    expect(await new SupabaseAdminAuthGateway(adminClient, new RecordingLogger()).authenticate(ADMIN_USER.email, ADMIN_USER.password)).toMatchObject({
      ok: true,
      value: { isAdmin: true },
    });
    const admin = listen(catalogueChanges(adminClient));
    await project().realtime.whenChannels(2);

    const visitorHeard = visitor.next();
    await asAdmin('update public.products set stock = 0 where id = $1', [hidden]);
    await asAdmin('update public.products set stock = 0 where id = $1', [shown]);
    // Changes reach a subscriber in commit order: the hidden product's came first, to the admin alone.
    expect(await visitorHeard).toEqual({ productId: shown, kind: 'saved' });
    expect(visitor.heard).toEqual([{ productId: shown, kind: 'saved' }]);
    if (admin.heard.length < 2) await admin.next();
    expect(admin.heard).toEqual([
      { productId: hidden, kind: 'saved' },
      { productId: shown, kind: 'saved' },
    ]);
  });

  it('a picture removed from a product is heard as the product saved', async () => {
    const id = await newProduct();
    const tab = listen(catalogueChanges(realtimeClient()));
    await project().realtime.whenChannels(1);
    const heard = tab.next();
    await asAdmin('delete from public.product_images where product_id = $1', [id]);
    expect(await heard).toEqual({ productId: id, kind: 'saved' });
  });

  it('the channel opens with the first subscription and is left after the last: later changes reach no one', async () => {
    const id = await newProduct();
    const storefront = catalogueChanges(realtimeClient());
    const first = listen(storefront);
    const second = listen(storefront);
    await project().realtime.whenChannels(1);
    first.stop();
    second.stop();
    await project().realtime.whenChannels(0);
    // Another browser, still listening, hears the next change: the first one, having left, is sent nothing.
    const witness = listen(catalogueChanges(realtimeClient()));
    await project().realtime.whenChannels(1);
    const heard = witness.next();
    await asAdmin('update public.products set price = 31 where id = $1', [id]);
    expect(await heard).toEqual({ productId: id, kind: 'saved' });
    expect([...first.heard, ...second.heard]).toEqual([]);

    // Subscribing again opens a new channel, which hears the changes from then on.
    const again = listen(storefront);
    await project().realtime.whenChannels(2);
    const heardAgain = again.next();
    await asAdmin('delete from public.products where id = $1', [id]);
    expect(await heardAgain).toEqual({ productId: id, kind: 'deleted' });
  });

  it('a channel that drops and joins again tells its listeners that changes were missed; what follows is heard again', async () => {
    const id = await newProduct();
    const logger = new RecordingLogger();
    const tab = listen(new SupabaseCatalogueChanges(realtimeClient(), logger));
    await project().realtime.whenChannels(1);
    // A change heard: the channel's join has been answered (the answer comes first on the socket).
    const first = tab.next();
    await asAdmin('update public.products set price = 18 where id = $1', [id]);
    expect(await first).toEqual({ productId: id, kind: 'saved' });

    project().realtime.dropConnections();
    await project().realtime.whenChannels(0);
    // Committed while the socket is down: Realtime will never send it.
    await asAdmin('update public.products set price = 19 where id = $1', [id]);
    expect(await tab.next()).toEqual({ kind: 'missed' });
    const heard = tab.next();
    await asAdmin('update public.products set price = 21 where id = $1', [id]);
    expect(await heard).toEqual({ productId: id, kind: 'saved' });
    expect(tab.heard).toEqual([{ productId: id, kind: 'saved' }, { kind: 'missed' }, { productId: id, kind: 'saved' }]);
    // The drop is logged once, as the channel's error; nothing else is.
    expect(logger.entries.map((entry) => entry.message)).toEqual(['Supabase Realtime: catalogue changes CHANNEL_ERROR']);
  });

  it('a channel the server refuses is logged, not thrown, and hears nothing', async () => {
    const refused = new Promise<string>((resolve) => {
      const logger = new RecordingLogger();
      logger.warn = (message: string) => resolve(message);
      const client = realtimeClient();
      // A token this project never signed (a tampered session): Realtime refuses the join.
      void client.realtime.setAuth('jeton-forge');
      new SupabaseCatalogueChanges(client, logger).subscribe(() => expect.unreachable('a refused channel hears nothing'));
    });
    expect(await refused).toBe('Supabase Realtime: catalogue changes CHANNEL_ERROR');
    expect(project().realtime.joinedChannels()).toBe(0);
  });

  it('as the shop registers it: Realtime at the spec’s 25 s heartbeat and 10 s timeout; a subscription stopped before the Supabase code arrived never starts', async () => {
    const id = await newProduct();
    // The shop's own client (src/app/supabase-backend.ts), whose WebSocket is the browser's: here, the fake's.
    vi.stubGlobal('WebSocket', project().realtime.transport);
    cleanups.push(() => vi.unstubAllGlobals());
    const logger = testLogger();
    const container = root.createChildContainer();
    registerSupabase(container, { url: project().fake.url, anonKey: project().fake.anonKey }, logger);
    const changes = container.resolve<CatalogueChanges>(CATALOGUE_CHANGES);
    const early = listen(changes);
    early.stop();
    const tab = listen(changes);

    const client = await container.resolve<Promise<SupabaseClient>>(SUPABASE_CLIENT);
    cleanups.push(async () => {
      await client.removeAllChannels();
      await client.realtime.disconnect();
      await client.auth.stopAutoRefresh();
    });
    expect(client.realtime.heartbeatIntervalMs).toBe(25_000);
    expect(client.realtime.timeout).toBe(10_000);
    await project().realtime.whenChannels(1);
    const heard = tab.next();
    await asAdmin('update public.products set price = 28 where id = $1', [id]);
    expect(await heard).toEqual({ productId: id, kind: 'saved' });
    expect(early.heard).toEqual([]);
  });
});
