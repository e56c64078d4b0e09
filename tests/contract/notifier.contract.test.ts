import { describe, expect, it } from 'vitest';
import { DemoCatalogue } from '@/adapters/demo-catalogue/demo-catalogue';
import { LocalNotifier } from '@/adapters/local-notifications/local-notifier';
import { MemoryKeyValueStore } from '@/adapters/memory/memory-key-value-store';
import { SupabaseNotifier, type PushEndpoint } from '@/adapters/supabase/supabase-notifier';
import { restockNotification } from '@/domain/notifications/shop-notification';
import type { DeliveryMethod } from '@/domain/order/order-constants';
import type { Order } from '@/domain/order/order';
import type { OrderStatus } from '@/domain/order/order-status';
import { PlacedOrders } from '@/domain/order/placed-orders';
import { fail, ok } from '@/domain/result';
import { FakeClock } from '../fakes/fake-clock';
import { RecordingLogger } from '../fakes/recording-logger';
import { SequentialIds } from '../fakes/sequential-ids';
import { readDemoCatalogueFile } from '../support/demo-catalogue-file';
import { MemoryStorage, testClient, type TestProject } from '../support/supabase/test-project';
import { pushKeys as keys, useTestProject } from '../support/supabase/use-test-project';
import { placeVisitorOrder } from '../support/supabase/withdrawal-fixtures';
import { notifierContract, type NotifierBackend } from './support/notifier-contract';

// ── Local: each device's follows in its localStorage; orders answer only the device that placed them ──

interface LocalOrder {
  status: OrderStatus;
  deliveryMethod: DeliveryMethod;
  device: number;
}

/** Orders as OrderRepository.get answers them: to the device that placed them only (as the local repository does). */
function localShop() {
  const orders = new Map<string, LocalOrder>();
  const stock = new Map<string, number>();
  const logger = new RecordingLogger();
  const demo = new DemoCatalogue(logger, readDemoCatalogueFile);
  // The catalogue, with the stock the owner set on this device.
  const catalogue = {
    list: async (query: Parameters<DemoCatalogue['list']>[0]) => {
      const page = await demo.list(query);
      if (!page.ok) return page;
      return ok({
        ...page.value,
        items: page.value.items.map((p) => (stock.has(p.id) ? { ...p, stock: stock.get(p.id)!, inStock: stock.get(p.id)! > 0 } : p)),
      });
    },
  };
  let devices = 0;
  let sequence = 0;
  const ids = new SequentialIds('suivi');
  const device = (deliveryMethod: DeliveryMethod = 'domicile') => {
    const me = ++devices;
    const notifier = new LocalNotifier({
      store: new MemoryKeyValueStore(),
      clock: new FakeClock('2026-11-27T10:00:00.000Z'),
      ids,
      logger,
      catalogue,
      orders: {
        get: async (number: string) => {
          const order = orders.get(number);
          if (!order || order.device !== me) return fail('not-found', 'Commande introuvable');
          return ok({ number, status: order.status, deliveryMethod: order.deliveryMethod } as Order);
        },
      },
    });
    return {
      notifier,
      placeOrder: async () => {
        const number = `CMD-2026-${String(++sequence).padStart(6, '0')}`;
        orders.set(number, { status: 'en-attente', deliveryMethod, device: me });
        return number;
      },
    };
  };
  const backend: NotifierBackend = {
    device: () => device(),
    setStatus: async (number, status) => {
      orders.get(number)!.status = status;
    },
    productId: async (slug) => {
      const product = await demo.getBySlug(slug);
      if (!product.ok || !product.value) throw new Error(`no ${slug}`);
      return product.value.id;
    },
    unknownProductId: 'produit-inconnu',
  };
  return { backend, device, stock };
}

notifierContract('LocalNotifier (localStorage)', () => localShop().backend);

describe('LocalNotifier: what this device’s open pages show', () => {
  it('a followed order tells each new status once, worded for a pickup at the shop, and « retirée » ends its follow', async () => {
    const shop = localShop();
    const device = shop.device('retrait-boutique');
    const number = await device.placeOrder();
    await device.notifier.followOrder(number);
    expect(await device.notifier.heardOrder(number)).toBeNull();
    await shop.backend.setStatus(number, 'prete');
    expect(await device.notifier.heardOrder(number)).toEqual({
      title: 'Commande prête',
      body: `Votre commande ${number} est prête\u00a0: elle vous attend en boutique.`,
      path: `/commande/confirmation/${number}`,
      tag: `commande-${number}`,
      once: expect.stringMatching(/:prete$/),
    });
    // The same change heard again (a second tab): told once.
    expect(await device.notifier.heardOrder(number)).toBeNull();
    await shop.backend.setStatus(number, 'retiree');
    expect(await device.notifier.heardOrder(number)).toMatchObject({ title: 'Commande retirée' });
    expect(await device.notifier.list()).toEqual({ ok: true, value: [] });
  });

  it('a page that starts listening is told what changed before: each followed order and product once', async () => {
    const shop = localShop();
    const device = shop.device();
    const shipped = await device.placeOrder();
    const unchanged = await device.placeOrder();
    const id = await shop.backend.productId('bol-en-gres-bleu-nuit');
    shop.stock.set(id, 0);
    await device.notifier.followOrder(shipped);
    await device.notifier.followOrder(unchanged);
    await device.notifier.followProduct(id);
    expect(await device.notifier.heardWhileAway()).toEqual([]);
    await shop.backend.setStatus(shipped, 'expediee');
    shop.stock.set(id, 2);
    expect((await device.notifier.heardWhileAway()).map((n) => n.body)).toEqual([
      `Votre commande ${shipped} a été expédiée.`,
      '«\u202fBol en grès bleu nuit\u202f» est de nouveau en stock.',
    ]);
    expect(await device.notifier.heardWhileAway()).toEqual([]);
    // The product's follow ended with its return; both orders are still followed.
    const left = await device.notifier.list();
    expect(left.ok && left.value.map((f) => (f.kind === 'order' ? f.number : f.slug)).sort()).toEqual([shipped, unchanged].sort());
  });

  it('two tabs hearing the same change at once: with the device’s lock, one tells it, not both', async () => {
    const twoTabs = (exclusive?: <T>(hear: () => Promise<T>) => Promise<T>) => {
      const store = new MemoryKeyValueStore();
      let status: Order['status'] = 'payee';
      const tab = () =>
        new LocalNotifier({
          store,
          clock: new FakeClock('2026-11-27T10:00:00.000Z'),
          ids: new SequentialIds('suivi'),
          logger: new RecordingLogger(),
          catalogue: { list: async () => fail('network', 'hors ligne') },
          // Each read of the order waits for the next task, as IndexedDB does: the two tabs interleave.
          orders: { get: async (number) => new Promise((done) => setTimeout(() => done(ok({ number, status, deliveryMethod: 'domicile' } as Order)), 0)) },
          exclusive,
        });
      return { tabs: [tab(), tab()] as const, ship: () => void (status = 'expediee') };
    };
    let queue: Promise<unknown> = Promise.resolve();
    const lock = <T>(hear: () => Promise<T>): Promise<T> => {
      const turn = queue.then(hear);
      queue = turn.catch(() => undefined);
      return turn;
    };
    const locked = twoTabs(lock);
    await locked.tabs[0].followOrder('CMD-2026-000001');
    locked.ship();
    const told = await Promise.all(locked.tabs.map((tab) => tab.heardOrder('CMD-2026-000001')));
    expect(told.filter((notification) => notification !== null)).toHaveLength(1);
    // Without it, both read the follow before either wrote it: the change would be told twice.
    const unlocked = twoTabs();
    await unlocked.tabs[0].followOrder('CMD-2026-000001');
    unlocked.ship();
    const twice = await Promise.all(unlocked.tabs.map((tab) => tab.heardOrder('CMD-2026-000001')));
    expect(twice.filter((notification) => notification !== null)).toHaveLength(2);
    // Both tell the same change: the service worker, which shows what pages heard, shows it once.
    expect(new Set(twice.map((notification) => notification?.once)).size).toBe(1);
  });

  it('an order nobody follows tells nothing', async () => {
    const shop = localShop();
    const device = shop.device();
    const number = await device.placeOrder();
    await shop.backend.setStatus(number, 'annulee');
    expect(await device.notifier.heardOrder(number)).toBeNull();
  });

  it('a followed product tells of its return once its stock is above 0, and its follow ends', async () => {
    const shop = localShop();
    const device = shop.device();
    const id = await shop.backend.productId('bol-en-gres-bleu-nuit');
    shop.stock.set(id, 0);
    await device.notifier.followProduct(id);
    expect(await device.notifier.heardProduct(id)).toBeNull();
    shop.stock.set(id, 4);
    const listed = await device.notifier.list();
    const followId = listed.ok ? listed.value[0]?.id : undefined;
    expect(await device.notifier.heardProduct(id)).toEqual({
      ...restockNotification({ id, slug: 'bol-en-gres-bleu-nuit', name: 'Bol en grès bleu nuit' }),
      once: followId,
    });
    expect(await device.notifier.list()).toEqual({ ok: true, value: [] });
    expect(await device.notifier.heardProduct(id)).toBeNull();
  });
});

// ── Supabase: push_subscribe and the follows' RPCs, as an anonymous shopper, on the test database ──

let started: () => TestProject;
let endpoints = 0;

function supabaseDevice(subscribe?: (renew: boolean) => Promise<PushEndpoint>) {
  const logger = new RecordingLogger();
  const placed = new PlacedOrders(new MemoryKeyValueStore(), logger);
  const own = { endpoint: `https://push.example/appareil-${++endpoints}`, ...keys() };
  const notifier = new SupabaseNotifier(testClient(started().fake, new MemoryStorage()), placed, subscribe ?? (async () => own), logger);
  return {
    notifier,
    placeOrder: async () => {
      const ref = await placeVisitorOrder(started().cluster, 'camille@exemple.fr');
      placed.remember(ref);
      return ref.number;
    },
  };
}

describe('SupabaseNotifier', () => {
  started = useTestProject();

  notifierContract('SupabaseNotifier (push_subscribe and the follows’ RPCs)', () => ({
    device: () => supabaseDevice(),
    setStatus: async (number, status) => {
      await started().cluster.query(`update public.orders set status = $2 where number = $1`, [number, status]);
    },
    productId: async (slug) => {
      const [row] = await started().cluster.query<{ id: string }>(`select id from public.products where slug = $1`, [slug]);
      return String(row!.id);
    },
    unknownProductId: '999999',
  }));

  it('a browser whose endpoint another session holds subscribes anew, and its follow is its own', async () => {
    const shared = { endpoint: 'https://push.example/partage', ...keys() };
    await supabaseDevice(async () => shared).notifier.followProduct('2');
    const renewed = { endpoint: 'https://push.example/nouveau', ...keys() };
    const asked: boolean[] = [];
    const device = supabaseDevice(async (renew) => {
      asked.push(renew);
      return renew ? renewed : shared;
    });
    expect(await device.notifier.followProduct('2')).toMatchObject({ ok: true });
    expect(asked).toEqual([false, true]);
    expect(await device.notifier.list()).toMatchObject({ ok: true, value: [{ kind: 'product', productId: '2' }] });
  });

  it('a browser that cannot subscribe to push messages follows nothing and says why in French', async () => {
    const device = supabaseDevice(async () => {
      throw new Error('no push service');
    });
    expect(await device.notifier.followProduct('2')).toEqual({
      ok: false,
      error: { code: 'notifications-unsupported', message: 'Votre navigateur ne permet pas à la boutique de vous envoyer des notifications.' },
    });
    expect(await device.notifier.list()).toEqual({ ok: true, value: [] });
  });
});
