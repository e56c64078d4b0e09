// The OrderChanges port on both backends: an order placed, or whose status changes, reaches the
// back office's open pages with its number and what happened. Locally: between tabs through a
// BroadcastChannel (two adapters on two channels of the same name, as two tabs have), the local
// OrderRepository (over fake-indexeddb) announcing; with Supabase: a Realtime channel on `orders` whose events come
// from rows really written in PostgreSQL by place_order and admin_set_order_status
// (tests/support/supabase/fake-realtime.ts), heard by the signed-in admin only. No waiting on
// time: each test awaits the change.
// idb checks what it wraps against the global IndexedDB classes: fake-indexeddb's, as a browser's.
import 'fake-indexeddb/auto';
import 'reflect-metadata';
import { IDBFactory } from 'fake-indexeddb';
import type { SupabaseClient } from '@supabase/supabase-js';
import { container as root } from 'tsyringe';
import { describe, expect, it, vi } from 'vitest';
import { changeOrderStatus } from '@/domain/order/change-order-status';
import { BroadcastOrderChanges, openOrderChanges } from '@/adapters/browser/broadcast-order-changes';
import { ORDER_CHANGES_CHANNEL } from '@/domain/storage-keys';
import { LocalOrderStore } from '@/adapters/local-orders/local-order-store';
import { parseDemoCatalogue } from '@/adapters/demo-catalogue/demo-catalogue';
import { LocalOrderRepository } from '@/adapters/local-orders/local-order-repository';
import { MemoryKeyValueStore } from '@/adapters/memory/memory-key-value-store';
import { SupabaseAdminAuthGateway } from '@/adapters/supabase/supabase-admin-auth-gateway';
import { SupabaseOrderChanges } from '@/adapters/supabase/supabase-order-changes';
import { registerSupabase, SUPABASE_CLIENT } from '@/app/register-supabase';
import { ORDER_CHANGES, type OrderChange, type OrderChanges } from '@/ports/order-changes';
import { PlacedOrders } from '@/domain/order/placed-orders';
import { FakeClock } from '../fakes/fake-clock';
import { FakeMailer } from '../fakes/fake-mailer';
import { RecordingLogger } from '../fakes/recording-logger';
import { SequentialIds } from '../fakes/sequential-ids';
import { readDemoCatalogueFile } from '../support/demo-catalogue-file';
import { ADMIN_USER, MemoryStorage, SHOPPER_USER } from '../support/supabase/test-project';
import { request } from './support/order-repository-contract';
import { listen, realtimeSuite } from './support/realtime-changes';

/** What a test needs of one backend: the back office that listens, and orders placed and moved elsewhere. */
interface ChangesSubject {
  /** The back office's open page (another tab, another browser). */
  backOffice: OrderChanges;
  /** Resolves once the back office's subscriptions are live (Supabase: its channel joined). */
  listening(): Promise<void>;
  /** A shopper places an order: its number. */
  place(): Promise<string>;
  /** The admin moves the order to « payée » or « annulée ». */
  changeStatus(number: string, status: 'payee' | 'annulee'): Promise<void>;
}

interface ChangesBackend {
  name: string;
  make(): Promise<ChangesSubject>;
}

const { cleanups, project, logger: testLogger, realtimeClient, asAdmin } = realtimeSuite();

function openChannel(): BroadcastChannel {
  const channel = new BroadcastChannel(ORDER_CHANGES_CHANNEL);
  cleanups.push(() => channel.close());
  return channel;
}

/**
 * Two tabs of the local shop: a shopper's, whose LocalOrderRepository (fake-indexeddb) places
 * orders and moves them, announcing each as the shop wires it (src/app/local-orders.ts); and the
 * back office's, listening on the same channel.
 */
function localBackend(): ChangesBackend {
  return {
    name: 'local',
    async make() {
      const shopperTab = new BroadcastOrderChanges(openChannel());
      const repository = localRepository((change) => shopperTab.announce(change));
      const product = await inStock();
      return {
        backOffice: new BroadcastOrderChanges(openChannel()),
        listening: async () => undefined,
        place: async () => {
          const placed = await repository.place(request([{ productId: product, quantity: 1 }]));
          if (!placed.ok) throw new Error(placed.error.message);
          return placed.value.number;
        },
        changeStatus: async (number, status) => {
          const changed = await repository.changeStatus(number, status);
          if (!changed.ok) throw new Error(changed.error.message);
        },
      };
    },
  };
}

/** A LocalOrderRepository of its own (a new IndexedDB), signed in as the admin, announcing orders to `announceOrder`. */
function localRepository(announceOrder: (change: OrderChange) => void): LocalOrderRepository {
  const logger = new RecordingLogger();
  const clock = new FakeClock();
  return new LocalOrderRepository({
    store: new LocalOrderStore({ factory: new IDBFactory() }),
    shipped: async () => parseDemoCatalogue(await readDemoCatalogueFile(), clock.now()),
    clock,
    ids: new SequentialIds('secret'),
    placed: new PlacedOrders(new MemoryKeyValueStore(), logger),
    isAdmin: () => true,
    announce: () => undefined,
    announceOrder,
    markCatalogueChanged: () => undefined,
    logger,
    mailer: new FakeMailer(),
    siteUrl: 'https://boutique.example',
  });
}

/** A product of the demo catalogue with stock. */
async function inStock(): Promise<string> {
  return parseDemoCatalogue(await readDemoCatalogueFile(), Date.now()).products.find((p) => p.stock > 5)!.id;
}

// ---- Supabase ---------------------------------------------------------------------------------

function orderChanges(client: SupabaseClient): SupabaseOrderChanges {
  return new SupabaseOrderChanges(client, testLogger());
}

/** A browser signed in as `user` (through the shop's own sign-in adapter). */
async function signedInClient(user: typeof ADMIN_USER): Promise<SupabaseClient> {
  const client = realtimeClient(new MemoryStorage());
  const signedIn = await new SupabaseAdminAuthGateway(client, new RecordingLogger()).authenticate(user.email, user.password);
  // The port answers its failures: one here would make every later step fail for another reason.
  if (!signedIn.ok) throw new Error(`Could not sign ${user.email} in: ${signedIn.error.message}`);
  return client;
}

/** A product of its own for one test, 10 in stock: its id. */
async function newProduct(): Promise<string> {
  const [row] = await asAdmin(
    `insert into public.products (slug, name, price, category_id, stock, is_published)
     select 'test-oc-' || gen_random_uuid(), 'Bol de test', 12.5, id, 10, true from public.categories order by id limit 1
     returning id::text`,
  );
  return row.id as string;
}

/** A visitor places an order of one `productId` through place_order, as the shop's anon requests run: its number. */
async function placeOrder(productId: string): Promise<string> {
  const [row] = await project().cluster.query(
    `select public.place_order($1::jsonb, 'camille@exemple.fr', null, 'Camille Martin', '3 rue des Lilas', '75011', 'Paris', 'France', 'domicile', 'a-la-livraison') ->> 'number' as number`,
    [JSON.stringify([{ productId: Number(productId), quantity: 1 }])],
    { role: 'anon', claims: { role: 'anon' } },
  );
  return row.number as string;
}

/** The signed-in admin's back office on Supabase; shoppers order through place_order, the admin moves statuses in PostgreSQL. */
function supabaseBackend(): ChangesBackend {
  return {
    name: 'Supabase',
    async make() {
      const productId = await newProduct();
      return {
        backOffice: orderChanges(await signedInClient(ADMIN_USER)),
        listening: () => project().realtime.whenChannels(1),
        place: () => placeOrder(productId),
        changeStatus: async (number, status) => void (await asAdmin('select public.admin_set_order_status($1, $2)', [number, status])),
      };
    },
  };
}

describe.each([localBackend(), supabaseBackend()])('OrderChanges contract: $name', ({ make }) => {
  it('a new order reaches the back office as placed, with its number', async () => {
    const subject = await make();
    const tab = listen(subject.backOffice);
    await subject.listening();
    const heard = tab.next();
    const number = await subject.place();
    expect(number).toMatch(/^CMD-\d{4}-\d{6,}$/);
    expect(await heard).toEqual({ number, kind: 'placed' });
  });

  it('a status change reaches the back office as status-changed, with the order’s number', async () => {
    const subject = await make();
    const tab = listen(subject.backOffice);
    await subject.listening();
    const placed = tab.next();
    const number = await subject.place();
    await placed;
    const heard = tab.next();
    await subject.changeStatus(number, 'annulee');
    expect(await heard).toEqual({ number, kind: 'status-changed' });
  });

  it('every subscriber hears the change; one that unsubscribed hears nothing more', async () => {
    const subject = await make();
    const gone = listen(subject.backOffice);
    const staying = listen(subject.backOffice);
    await subject.listening();
    const first = staying.next();
    const number = await subject.place();
    await first;
    expect(gone.heard).toEqual([{ number, kind: 'placed' }]);

    gone.stop();
    const second = staying.next();
    await subject.changeStatus(number, 'annulee');
    expect(await second).toEqual({ number, kind: 'status-changed' });
    // Delivered to the subscriptions together: had `gone` still been one, it would have heard it by now.
    expect(gone.heard).toEqual([{ number, kind: 'placed' }]);
    expect(staying.heard).toHaveLength(2);
  });
});

describe('OrderChanges, local: between the tabs of one browser', () => {
  it('the tab that announces hears its own change too, as do the other tabs', async () => {
    const shopper = new BroadcastOrderChanges(openChannel());
    const backOffice = new BroadcastOrderChanges(openChannel());
    const here = listen(shopper);
    const there = listen(backOffice);
    const heardThere = there.next();
    shopper.announce({ number: 'CMD-2026-000042', kind: 'placed' });
    expect(here.heard).toEqual([{ number: 'CMD-2026-000042', kind: 'placed' }]);
    expect(await heardThere).toEqual({ number: 'CMD-2026-000042', kind: 'placed' });
  });

  it('the local repository announces nothing of an order it refused to place or a status change it refused', async () => {
    const heard: OrderChange[] = [];
    const repository = localRepository((change) => heard.push(change));
    expect(await repository.place(request([{ productId: 'inconnu', quantity: 1 }]))).toMatchObject({ ok: false });
    const placed = await repository.place(request([{ productId: await inStock(), quantity: 1 }]));
    const number = placed.ok ? placed.value.number : '';
    expect(await changeOrderStatus({ orders: repository }, { number, to: 'livree' })).toMatchObject({ ok: false, error: { code: 'invalid-status-change' } });
    expect(await repository.changeStatus('CMD-2026-999999', 'annulee')).toMatchObject({ ok: false, error: { code: 'not-found' } });
    expect(heard).toEqual([{ number, kind: 'placed' }]);
  });

  it('openOrderChanges, the adapter the container opens once, tells its own listeners and the other tabs of what is announced on it', async () => {
    const otherTab = listen(new BroadcastOrderChanges(openChannel()));
    const thisPage = openOrderChanges();
    const heardHere = listen(thisPage);
    cleanups.push(heardHere.stop);
    const heardThere = otherTab.next();
    thisPage.announce({ number: 'CMD-2026-000007', kind: 'status-changed' });
    expect(heardHere.heard).toEqual([{ number: 'CMD-2026-000007', kind: 'status-changed' }]);
    expect(await heardThere).toEqual({ number: 'CMD-2026-000007', kind: 'status-changed' });
  });

  it('ignores what another version of the shop, or anything else, posts on the channel', async () => {
    const backOffice = listen(new BroadcastOrderChanges(openChannel()));
    const stranger = openChannel();
    for (const message of [
      'commande passée',
      null,
      42,
      { number: 42, kind: 'placed' },
      { number: '', kind: 'placed' },
      { number: 'commande 12', kind: 'placed' },
      { number: 'CMD-2026-000001', kind: 'deleted' },
      { number: 'CMD-2026-000001' },
      { productId: 'vase-gres', kind: 'saved' },
    ]) {
      stranger.postMessage(message);
    }
    const heard = backOffice.next();
    stranger.postMessage({ number: 'CMD-2026-000001', kind: 'placed', total: 12 });
    // Messages of one sender arrive in order: the malformed ones came first, and were dropped.
    expect(await heard).toEqual({ number: 'CMD-2026-000001', kind: 'placed' });
    expect(backOffice.heard).toEqual([{ number: 'CMD-2026-000001', kind: 'placed' }]);
  });

  it('sends the other tabs the change alone, whatever else the object handed to announce holds', async () => {
    const shopper = new BroadcastOrderChanges(openChannel());
    const raw = openChannel();
    const received = new Promise<unknown>((resolve) => raw.addEventListener('message', (event) => resolve(event.data), { once: true }));
    shopper.announce({ number: 'CMD-2026-000003', kind: 'placed', email: 'camille@exemple.fr' } as OrderChange);
    expect(await received).toEqual({ number: 'CMD-2026-000003', kind: 'placed' });
  });

  it('without BroadcastChannel, the changes of this tab still reach its own listeners', () => {
    const alone = new BroadcastOrderChanges(null);
    const tab = listen(alone);
    alone.announce({ number: 'CMD-2026-000003', kind: 'placed' });
    expect(tab.heard).toEqual([{ number: 'CMD-2026-000003', kind: 'placed' }]);
    tab.stop();
    alone.announce({ number: 'CMD-2026-000003', kind: 'status-changed' });
    expect(tab.heard).toHaveLength(1);
  });
});

describe('OrderChanges, Supabase: what Realtime sends whom', () => {
  it('only the signed-in admin hears of an order: a visitor and a signed-in shopper hear nothing', async () => {
    const productId = await newProduct();
    const visitor = listen(orderChanges(realtimeClient()));
    const shopper = listen(orderChanges(await signedInClient(SHOPPER_USER)));
    const admin = listen(orderChanges(await signedInClient(ADMIN_USER)));
    await project().realtime.whenChannels(3);
    const adminHeard = admin.next();
    const number = await placeOrder(productId);
    expect(await adminHeard).toEqual({ number, kind: 'placed' });
    const changed = admin.next();
    await asAdmin('select public.admin_set_order_status($1, $2)', [number, 'expediee']);
    expect(await changed).toEqual({ number, kind: 'status-changed' });
    // The fake sends each change to the subscriptions in the order they joined, frame after
    // frame: by the time the admin (the last to join) heard the second one, anything sent to
    // the visitor or the shopper had arrived.
    expect(visitor.heard).toEqual([]);
    expect(shopper.heard).toEqual([]);
  });

  it('a channel that drops and joins again tells the back office that changes were missed; what follows is heard again', async () => {
    const productId = await newProduct();
    const logger = new RecordingLogger();
    const admin = listen(new SupabaseOrderChanges(await signedInClient(ADMIN_USER), logger));
    await project().realtime.whenChannels(1);
    // An order heard: the channel's join has been answered (the answer comes first on the socket).
    const first = admin.next();
    const before = await placeOrder(productId);
    expect(await first).toEqual({ number: before, kind: 'placed' });

    project().realtime.dropConnections();
    await project().realtime.whenChannels(0);
    // Placed while the socket is down: Realtime will never send it.
    await placeOrder(productId);
    expect(await admin.next()).toEqual({ kind: 'missed' });
    const heard = admin.next();
    const after = await placeOrder(productId);
    expect(await heard).toEqual({ number: after, kind: 'placed' });
    expect(logger.entries.map((entry) => entry.message)).toEqual(['Supabase Realtime: order changes CHANNEL_ERROR']);
  });

  it('a refused status change sends nothing: the order did not change', async () => {
    const productId = await newProduct();
    const number = await placeOrder(productId);
    const admin = listen(orderChanges(await signedInClient(ADMIN_USER)));
    await project().realtime.whenChannels(1);
    await expect(asAdmin('select public.admin_set_order_status($1, $2)', [number, 'livree'])).rejects.toMatchObject({ code: 'CM004' });
    const heard = admin.next();
    await asAdmin('select public.admin_set_order_status($1, $2)', [number, 'annulee']);
    expect(await heard).toEqual({ number, kind: 'status-changed' });
    expect(admin.heard).toEqual([{ number, kind: 'status-changed' }]);
  });

  it('as the shop registers it: a subscription made before the Supabase code arrived hears the admin’s orders', async () => {
    const productId = await newProduct();
    // The shop's own client (src/app/supabase-backend.ts), whose fetch and WebSocket are the browser's: here, the fakes'.
    vi.stubGlobal('WebSocket', project().realtime.transport);
    vi.stubGlobal('fetch', project().fake.fetch);
    cleanups.push(() => vi.unstubAllGlobals());
    const logger = testLogger();
    const container = root.createChildContainer();
    registerSupabase(container, { url: project().fake.url, anonKey: project().fake.anonKey }, logger);
    const client = await container.resolve<Promise<SupabaseClient>>(SUPABASE_CLIENT);
    cleanups.push(async () => {
      await client.removeAllChannels();
      await client.realtime.disconnect();
      await client.auth.stopAutoRefresh();
    });
    const early = listen(container.resolve<OrderChanges>(ORDER_CHANGES));
    early.stop();
    expect(await new SupabaseAdminAuthGateway(client, new RecordingLogger()).authenticate(ADMIN_USER.email, ADMIN_USER.password)).toMatchObject({
      ok: true,
      value: { isAdmin: true },
    });
    const tab = listen(container.resolve<OrderChanges>(ORDER_CHANGES));
    await project().realtime.whenChannels(1);
    const heard = tab.next();
    const number = await placeOrder(productId);
    expect(await heard).toEqual({ number, kind: 'placed' });
    expect(early.heard).toEqual([]);
  });
});
