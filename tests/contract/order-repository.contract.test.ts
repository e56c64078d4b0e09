// idb checks what it wraps against the global IndexedDB classes: fake-indexeddb's, as a browser's.
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CatalogueEditsStore } from '@/adapters/catalogue-edits/catalogue-edits-store';
import { editsOnceMarked } from '@/adapters/catalogue-edits/edits-once-marked';
import { editedCatalogue } from '@/adapters/catalogue-edits/edited-catalogue';
import { LocalOrderStore } from '@/adapters/local-orders/local-order-store';
import { LOCAL_SHOP_DATABASE } from '@/domain/indexeddb-schemas';
import { LocalCatalogueWriter } from '@/adapters/catalogue-edits/local-catalogue-writer';
import { DemoCatalogue, parseDemoCatalogue } from '@/adapters/demo-catalogue/demo-catalogue';
import { LocalOrderRepository } from '@/adapters/local-orders/local-order-repository';
import { MemoryKeyValueStore } from '@/adapters/memory/memory-key-value-store';
import { SupabaseCatalogue } from '@/adapters/supabase/supabase-catalogue';
import { SupabaseCatalogueWriter } from '@/adapters/supabase/supabase-catalogue-writer';
import { SupabaseOrderRepository } from '@/adapters/supabase/supabase-order-repository';
import { NETWORK_FAILURE_MESSAGE } from '@/domain/backend-error';
import type { CatalogueChange } from '@/ports/catalogue-changes';
import { PlacedOrders } from '@/domain/order/placed-orders';
import { FakeClock } from '../fakes/fake-clock';
import { RecordingLogger } from '../fakes/recording-logger';
import { SequentialIds } from '../fakes/sequential-ids';
import { catalogueValues } from '../support/catalogue-values';
import { readDemoCatalogueFile } from '../support/demo-catalogue-file';
import { ADMIN_USER, MemoryStorage, SESSION_KEY, SHOPPER_USER, startTestProject, testClient, type TestProject } from '../support/supabase/test-project';
import { CARD, orderRepositoryContract, request, type Who } from './support/order-repository-contract';
import { withdrawalContract, type WithdrawalBackend } from './support/withdrawal-contract';
import { FakeMailer } from '../fakes/fake-mailer';
import { withdrawFromOrderStandIn } from '../support/supabase/withdraw-from-order-stand-in';
import { deliveredDaysAgo } from '../support/supabase/withdrawal-fixtures';
import type { OutgoingMail } from '../support/supabase/send-newsletter-stand-in';
import { STORAGE_KEYS } from '@/domain/storage-keys';
import { changeOrderStatus } from '@/domain/order/change-order-status';
import type { PlaceOrderRequest } from '@/domain/order/order';
import type { OrderStatus } from '@/domain/order/order-status';

// ── Local: IndexedDB (fake-indexeddb), with the back office's catalogue edits ──────────────

/** One shop kept in one browser profile's IndexedDB; each device of the test has its own localStorage for its orders. */
function localShop(clock = new FakeClock('2026-11-23T21:00:00.000Z'), resolveImages?: (images: readonly string[]) => Promise<readonly string[]>) {
  const factory = new IDBFactory();
  // The browser profile's localStorage, where the catalogue edits marker is.
  const storage = new MemoryKeyValueStore();
  const announced: CatalogueChange[] = [];
  const logger = new RecordingLogger();
  const editsStore = () => new CatalogueEditsStore({ factory });
  const orderStore = () => new LocalOrderStore({ factory });
  const shipped = async () => parseDemoCatalogue(await readDemoCatalogueFile(), clock.now());
  const markCatalogueChanged = () => storage.set(STORAGE_KEYS.catalogueChanged, '1');
  const secrets = new SequentialIds('secret');
  const mailer = new FakeMailer();
  const backend: WithdrawalBackend = {
    clock,
    // The buyer gets the order's mails too (order-mails.ts): the acknowledgements are the contract's.
    acknowledgementsTo: (address) => mailer.to(address).filter((mail) => mail.subject.startsWith('Accusé de réception')),
    // The local shop's clock is the fake one: the days pass.
    deliveredDaysAgo: async (_number, days) => clock.advance(days * 86_400_000),
    cardOrdersStartAs: 'en-attente-paiement',
    catalogue: () =>
      catalogueValues(
        new DemoCatalogue(
          logger,
          readDemoCatalogueFile,
          editsOnceMarked(storage, (shipped) => editedCatalogue(shipped, logger, { factory })),
        ),
      ),
    writer: new LocalCatalogueWriter({
      store: editsStore(),
      shipped,
      clock,
      ids: new SequentialIds('produit'),
      announce: () => undefined,
      markCatalogueChanged,
    }),
    device: (as = 'visitor') => {
      const kept = new MemoryKeyValueStore();
      const placed = new PlacedOrders(kept, logger);
      const open = () =>
        new LocalOrderRepository({
          store: orderStore(),
          shipped,
          clock,
          ids: secrets,
          placed: new PlacedOrders(kept, logger),
          isAdmin: () => as === 'admin',
          announce: (change) => announced.push(change),
          markCatalogueChanged,
          logger,
          mailer,
          siteUrl: 'https://boutique.example',
          ...(resolveImages && { resolveImages }),
        });
      return { repository: open(), placed, kept, reload: open };
    },
  };
  return { backend, factory, storage, announced, logger, clock };
}

orderRepositoryContract('LocalOrderRepository (IndexedDB with the catalogue edits)', () => localShop().backend);
withdrawalContract('LocalOrderRepository (IndexedDB with the catalogue edits)', () => localShop().backend);

describe('LocalOrderRepository on one device', () => {
  it('an order saved before VAT rates existed reads at the standard rate it was charged at; a product edited then has its category’s', async () => {
    const shop = localShop();
    const chocolate = (await shop.backend.catalogue().getBySlug('chocolat-noir-70'))!;
    const { repository } = shop.backend.device();
    const placed = await repository.place(request([{ productId: chocolate.id, quantity: 2 }], { deliveryMethod: 'retrait-boutique' }));
    if (!placed.ok) throw new Error(placed.error.message);
    // What an older version stored: no rate on the lines, no VAT per rate, a product edit without a rate.
    const store = new LocalOrderStore({ factory: shop.factory });
    await store.write(async (_edits, writes) => {
      const order = (await writes.order(placed.value.number))!;
      const { vatByRate: _byRate, ...totals } = order.totals;
      const lines = order.lines.map(({ vatRate: _rate, ...line }) => line);
      await writes.replaceOrder({ ...order, lines, totals } as unknown as typeof order);
      const { vatRate: _rate, ...product } = chocolate;
      await writes.putProduct({ ...product, stock: 3 } as unknown as typeof chocolate);
    });
    const read = await repository.get(placed.value.number);
    // 11,00 € at 20 %: 1,83 €.
    expect(read).toMatchObject({
      ok: true,
      value: { lines: [{ vatRate: 2000 }], totals: { vatIncludedCents: 183, vatByRate: [{ rate: 2000, baseCents: 1100, vatCents: 183 }] } },
    });
    expect(await shop.backend.catalogue().getBySlug('chocolat-noir-70')).toMatchObject({ stock: 3, vatRate: 550 });
  });

  it('a storefront opened before the order shows the new stock; the open tabs were told which product changed', async () => {
    const shop = localShop();
    const storefront = shop.backend.catalogue();
    const teapot = (await storefront.getBySlug('theiere-en-fonte-kyoto'))!;
    const { repository } = shop.backend.device();
    const placed = await repository.place(request([{ productId: teapot.id, quantity: 3 }]));
    expect(placed.ok).toBe(true);
    expect(shop.storage.get(STORAGE_KEYS.catalogueChanged)).not.toBeNull();
    expect(await storefront.getBySlug('theiere-en-fonte-kyoto')).toMatchObject({ stock: teapot.stock - 3, price: teapot.price });
    expect(shop.announced).toEqual([{ productId: teapot.id, kind: 'saved' }]);
  });

  it('keeps the back office’s edits of a product when its stock goes down', async () => {
    const shop = localShop();
    const bowl = (await shop.backend.catalogue().getBySlug('bol-en-gres-bleu-nuit'))!;
    await shop.backend.writer.update(bowl.id, {
      name: 'Bol bleu nuit',
      slug: bowl.slug,
      description: bowl.description,
      price: 14,
      onSale: false,
      category: { slug: bowl.category },
      stock: 6,
      tags: bowl.tags,
      images: bowl.images,
      vatRate: bowl.vatRate,
    });
    const placed = await shop.backend.device().repository.place(request([{ productId: bowl.id, quantity: 2 }]));
    expect(placed).toMatchObject({ ok: true, value: { lines: [{ name: 'Bol bleu nuit', unitPriceCents: 1400, quantity: 2 }] } });
    const after = await shop.backend.catalogue().getBySlug(bowl.slug);
    expect(after).toMatchObject({ name: 'Bol bleu nuit', price: 14, stock: 4, inStock: true });
    expect(after?.originalPrice).toBeUndefined();
  });

  it('keeps an uploaded picture’s address in the order and shows it as the catalogue does (gone: the default picture)', async () => {
    const shop = localShop(undefined, async (images) =>
      images.filter((image) => image !== 'local-picture:gone').map((image) => image.replace(/^local-picture:/, 'blob:http://localhost/')),
    );
    const bowl = (await shop.backend.catalogue().getBySlug('bol-en-gres-bleu-nuit'))!;
    const teapot = (await shop.backend.catalogue().getBySlug('theiere-en-fonte-kyoto'))!;
    for (const [product, picture] of [
      [bowl, 'local-picture:abc'],
      [teapot, 'local-picture:gone'],
    ] as const) {
      await shop.backend.writer.update(product.id, {
        name: product.name,
        slug: product.slug,
        description: product.description,
        price: product.price,
        onSale: false,
        category: { slug: product.category },
        stock: product.stock,
        tags: product.tags,
        images: [picture],
        vatRate: product.vatRate,
      });
    }
    const device = shop.backend.device();
    const placed = await device.repository.place(
      request([
        { productId: bowl.id, quantity: 1 },
        { productId: teapot.id, quantity: 1 },
      ]),
    );
    const pictures = ['blob:http://localhost/abc', '/images/stock/produit-par-defaut.svg'];
    expect(placed.ok && placed.value.lines.map((line) => line.picture)).toEqual(pictures);
    const read = await device.repository.get(placed.ok ? placed.value.number : '');
    expect(read.ok && read.value.lines.map((line) => line.picture)).toEqual(pictures);
    const kept = await new LocalOrderStore({ factory: shop.factory }).readOrders();
    expect(kept.map((order) => order.lines.map((line) => line.picture))).toEqual([['local-picture:abc', 'local-picture:gone']]);
  });

  it('numbers the orders of the new year from the Paris date, with the same sequence', async () => {
    const shop = localShop(new FakeClock('2026-12-31T22:30:00.000Z'));
    const teapot = (await shop.backend.catalogue().getBySlug('theiere-en-fonte-kyoto'))!;
    const { repository } = shop.backend.device();
    const first = await repository.place(request([{ productId: teapot.id, quantity: 1 }]));
    shop.clock.advance(60 * 60 * 1000);
    const second = await repository.place(request([{ productId: teapot.id, quantity: 1 }]));
    expect([first.ok && first.value.number, second.ok && second.value.number]).toEqual(['CMD-2026-000001', 'CMD-2027-000002']);
  });

  it('upgrades a database of the back office’s first version, keeping its edits', async () => {
    const shop = localShop();
    const opening = shop.factory.open(LOCAL_SHOP_DATABASE.name, 1);
    opening.onupgradeneeded = () => {
      opening.result.createObjectStore('products', { keyPath: 'id' });
      opening.result.createObjectStore('deleted');
      opening.result.createObjectStore('categories', { keyPath: 'slug' });
      opening.transaction!.objectStore('deleted').put(true, 'p-003');
    };
    await new Promise((resolve) => (opening.onsuccess = resolve));
    opening.result.close();
    shop.storage.set(STORAGE_KEYS.catalogueChanged, '1');
    const teapot = (await shop.backend.catalogue().getBySlug('theiere-en-fonte-kyoto'))!;
    expect(await shop.backend.catalogue().getBySlug('planche-a-decouper-en-noyer')).toBeNull();
    const placed = await shop.backend.device().repository.place(request([{ productId: teapot.id, quantity: 1 }]));
    expect(placed.ok).toBe(true);
    expect(await shop.backend.catalogue().getBySlug('planche-a-decouper-en-noyer')).toBeNull();
  });

  it('reads an order kept before the recipient’s name moved to the contact and relay points were chosen, in today’s shape', async () => {
    const shop = localShop();
    const teapot = (await shop.backend.catalogue().getBySlug('theiere-en-fonte-kyoto'))!;
    const device = shop.backend.device();
    const placed = await device.repository.place(request([{ productId: teapot.id, quantity: 1 }]));
    if (!placed.ok) throw new Error(placed.error.message);
    // Rewrite it as the earlier version kept it: the name in the address, no relayPoint.
    const store = new LocalOrderStore({ factory: shop.factory });
    const kept = (await store.readOrder(placed.value.number))!;
    const { relayPoint: _none, contact, address, ...rest } = kept;
    const earlier = { ...rest, contact: { email: contact.email, phone: contact.phone }, address: { name: contact.name, ...address! } };
    await store.write(async (_edits, writes) => writes.replaceOrder(earlier as unknown as typeof kept));
    expect(await device.repository.get(placed.value.number)).toEqual({ ok: true, value: placed.value });
  });

  it('reads an order kept before statuses went by path with its path’s status, and moves it along that path', async () => {
    const shop = localShop();
    const teapot = (await shop.backend.catalogue().getBySlug('theiere-en-fonte-kyoto'))!;
    const device = shop.backend.device();
    const admin = shop.backend.device('admin').repository;
    const store = new LocalOrderStore({ factory: shop.factory });
    /** An order placed with `change`, then kept as the earlier version left it, at `status`. */
    const keptAs = async (status: OrderStatus, change: Partial<PlaceOrderRequest> = {}) => {
      const placed = await device.repository.place(request([{ productId: teapot.id, quantity: 1 }], change));
      if (!placed.ok) throw new Error(placed.error.message);
      const kept = (await store.readOrder(placed.value.number))!;
      await store.write(async (_edits, writes) => writes.replaceOrder({ ...kept, status }));
      return placed.value.number;
    };
    // Paid on delivery, marked « payée » before anything was paid: waiting, to be shipped.
    const cash = await keptAs('payee');
    expect(await device.repository.get(cash)).toMatchObject({ ok: true, value: { status: 'en-attente' } });
    expect(await changeOrderStatus({ orders: admin }, { number: cash, to: 'expediee' })).toMatchObject({ ok: true, value: { status: 'expediee' } });
    // A pickup « expédiée » was ready at the shop; one « livrée » was collected.
    const pickup = { deliveryMethod: 'retrait-boutique' as const, address: null };
    const ready = await keptAs('expediee', pickup);
    expect(await admin.get(ready)).toMatchObject({ ok: true, value: { status: 'prete' } });
    expect(await changeOrderStatus({ orders: admin }, { number: ready, to: 'retiree' })).toMatchObject({ ok: true, value: { status: 'retiree' } });
    expect(await admin.get(await keptAs('livree', pickup))).toMatchObject({ ok: true, value: { status: 'retiree' } });
  });

  it('reads a corrupt list of this device’s orders as none, with a warning, and still places', async () => {
    const shop = localShop();
    const device = shop.backend.device();
    device.kept.set('placed_orders', '{pas du json');
    expect(await device.repository.listMine()).toEqual({ ok: true, value: [] });
    expect(shop.logger.problems('warn').join('\n')).toMatch(/placed_orders/);
    const teapot = (await shop.backend.catalogue().getBySlug('theiere-en-fonte-kyoto'))!;
    const placed = await device.repository.place(request([{ productId: teapot.id, quantity: 1 }]));
    const listed = await device.repository.listMine();
    expect(listed.ok && listed.value.map((order) => order.number)).toEqual([placed.ok && placed.value.number]);
  });
});

// ── Supabase: place_order and the order functions, through supabase-js ────────────────────

describe('Supabase order repository', () => {
  let project: TestProject;
  const outbox: OutgoingMail[] = [];
  beforeAll(async () => {
    project = await startTestProject({ 'withdraw-from-order': withdrawFromOrderStandIn(() => project.cluster, outbox) });
  }, 120_000);
  afterAll(async () => {
    await project?.cluster.stop();
  });
  beforeEach(async () => {
    await project.cluster.reset();
    outbox.length = 0;
  });
  afterEach(() => {
    expect(project.fake.violations).toEqual([]);
  });

  const logger = new RecordingLogger();
  const client = (who: Who) =>
    who === 'visitor'
      ? testClient(project.fake)
      : testClient(project.fake, undefined, async () => project.fake.accessToken(who === 'admin' ? ADMIN_USER : SHOPPER_USER));
  /**
   * A browser profile: its localStorage holds the order references (`kept`) and supabase-js's
   * session (`sessions`): none for a visitor (their first order signs them in anonymously),
   * the user's own when signed in, as after signInWithPassword.
   */
  const device = (as: Who = 'visitor') => {
    const kept = new MemoryKeyValueStore();
    const sessions = new MemoryStorage();
    if (as !== 'visitor') sessions.setItem(SESSION_KEY, JSON.stringify(project.fake.session(as === 'admin' ? ADMIN_USER : SHOPPER_USER)));
    const open = () => new SupabaseOrderRepository(testClient(project.fake, sessions), new PlacedOrders(kept, logger), logger);
    return { repository: open(), placed: new PlacedOrders(kept, logger), kept, sessions, reload: open };
  };
  const backend = (): WithdrawalBackend => ({
    clock: { now: () => Date.now() },
    acknowledgementsTo: (address) => outbox.filter((mail) => mail.to === address),
    // The database's clock is the machine's: the delivery goes back in time, past the status trigger.
    deliveredDaysAgo: async (number, days) => void (await deliveredDaysAgo(project.cluster, number, days)),
    // The browser's word that a card was accepted is no proof of payment: an admin marks it paid.
    cardOrdersStartAs: 'en-attente-paiement',
    catalogue: () => catalogueValues(new SupabaseCatalogue(testClient(project.fake), logger)),
    writer: new SupabaseCatalogueWriter(client('admin'), logger),
    device,
  });

  orderRepositoryContract('SupabaseOrderRepository', backend);
  withdrawalContract('SupabaseOrderRepository', backend);

  it('out of reach, says so in French and places nothing; back online, the order goes through', async () => {
    const shop = backend();
    const teapot = (await shop.catalogue().getBySlug('theiere-en-fonte-kyoto'))!;
    const mine = device();
    const network = { ok: false, error: { code: 'network', message: NETWORK_FAILURE_MESSAGE } };
    project.fake.offline = true;
    try {
      expect(await mine.repository.place(request([{ productId: teapot.id, quantity: 1 }], { payment: CARD }))).toEqual(network);
      expect(await mine.repository.listMine()).toEqual({ ok: true, value: [] });
      expect(await mine.repository.get('CMD-2026-000001')).toEqual(network);
      expect(await device('admin').repository.listAll({})).toEqual(network);
      expect(await device('admin').repository.changeStatus('CMD-2026-000001', 'payee')).toEqual(network);
    } finally {
      project.fake.offline = false;
    }
    expect(mine.placed.list()).toEqual([]);
    expect(await shop.catalogue().getBySlug(teapot.slug)).toMatchObject({ stock: teapot.stock });
    const placed = await mine.repository.place(request([{ productId: teapot.id, quantity: 1 }], { payment: CARD }));
    expect(placed).toMatchObject({ ok: true, value: { status: 'en-attente-paiement', payment: CARD } });
    expect(await mine.repository.listMine()).toMatchObject({ ok: true, value: [{ number: placed.ok && placed.value.number }] });
  }, 30_000);

  it('an admin whose session expired is told so, and changes nothing', async () => {
    const expired = testClient(project.fake, undefined, async () => project.fake.accessToken(ADMIN_USER, { expired: true }));
    const repository = new SupabaseOrderRepository(expired, new PlacedOrders(new MemoryKeyValueStore(), logger), logger);
    const failure = { ok: false, error: { code: 'session-expired', message: 'Votre session a expiré. Reconnectez-vous pour continuer.' } };
    expect(await repository.listAll({})).toEqual(failure);
    expect(await repository.changeStatus('CMD-2026-000001', 'payee')).toEqual(failure);
  });

  const PENDING_REFUSED = {
    ok: false,
    error: {
      code: 'invalid-order',
      message: 'Vous avez déjà des commandes en attente de paiement. Réglez-les ou contactez-nous avant d’en passer une nouvelle.',
    },
  };

  /** A shopper's first order of one teapot, from a new device: the device, the order, and the anonymous user it signed in as. */
  async function firstOrder() {
    const teapot = (await backend().catalogue().getBySlug('theiere-en-fonte-kyoto'))!;
    const mine = device();
    const placed = await mine.repository.place(request([{ productId: teapot.id, quantity: 1 }]));
    if (!placed.ok) throw new Error(placed.error.message);
    const user = project.fake.anonymousUsers.at(-1)!;
    return { teapot, mine, placed: placed.value, user };
  }

  it('a shopper’s first order signs the device in anonymously: the order is that user’s, listed from the database after a reload, and no one else’s', async () => {
    const { teapot, mine, placed, user } = await firstOrder();
    expect(await project.cluster.query('select owner::text from public.orders where number = $1', [placed.number])).toEqual([{ owner: user.id }]);
    expect(await project.cluster.query('select raw_app_meta_data ->> $2 as provider from auth.users where id = $1', [user.id, 'provider'])).toEqual([
      { provider: 'anonymous' },
    ]);
    // The device's references gone, the session kept: « Mes commandes » and the order are read from the database.
    mine.kept.remove('placed_orders');
    const reloaded = mine.reload();
    expect(await reloaded.listMine()).toEqual({ ok: true, value: [placed] });
    expect(await reloaded.get(placed.number)).toEqual({ ok: true, value: placed });
    // A second order keeps the same user.
    expect(await reloaded.place(request([{ productId: teapot.id, quantity: 1 }]))).toMatchObject({ ok: true });
    expect(project.fake.anonymousUsers.slice(-1)).toEqual([user]);
    // Another shopper (another anonymous user) reads none of it.
    const other = device();
    expect(await other.repository.place(request([{ productId: teapot.id, quantity: 1 }]))).toMatchObject({ ok: true });
    const theirs = await other.reload().listMine();
    expect(theirs.ok && theirs.value.map((o) => o.number)).not.toContain(placed.number);
    expect(await other.repository.get(placed.number)).toMatchObject({ ok: false, error: { code: 'not-found' } });
  });

  it('« Mes commandes » reads the session’s orders page after page (my_orders answers 100 a call)', async () => {
    const { mine, placed, user } = await firstOrder();
    // 130 older orders of the same user, delivered long ago (written as the owner's own SQL).
    await project.cluster.query(
      `insert into public.orders (number, status, email, recipient_name, address_line, postal_code, city, country,
                                  delivery_method, payment_method, subtotal, delivery_fee, total, created_at, owner)
       select 'CMD-2025-' || lpad(g::text, 6, '0'), 'livree', 'camille.martin@exemple.fr', 'Camille Martin', '12 rue des Lilas',
              '69003', 'Lyon', 'France', 'domicile', 'a-la-livraison', 10, 4.9, 14.9, timestamptz '2025-01-01' + g * interval '1 hour', $1
       from generate_series(1, 130) as g`,
      [user.id],
    );
    mine.kept.remove('placed_orders');
    const listed = await mine.reload().listMine();
    const numbers = listed.ok ? listed.value.map((o) => o.number) : [];
    expect(numbers).toHaveLength(131);
    expect(numbers.slice(0, 3)).toEqual([placed.number, 'CMD-2025-000130', 'CMD-2025-000129']);
    expect(numbers.at(-1)).toBe('CMD-2025-000001');
  });

  it('one shopper holds at most 3 unpaid orders: the 4th is refused in French; another shopper behind the same address still orders', async () => {
    const shop = backend();
    const teapot = (await shop.catalogue().getBySlug('theiere-en-fonte-kyoto'))!;
    const one = request([{ productId: teapot.id, quantity: 1 }]);
    try {
      project.fake.clientAddress = '203.0.113.9';
      const mine = device();
      for (let i = 0; i < 3; i++) expect(await mine.repository.place(one)).toMatchObject({ ok: true, value: { status: 'en-attente' } });
      expect(await mine.repository.place(one)).toEqual(PENDING_REFUSED);
      expect(await mine.reload().listMine()).toMatchObject({ ok: true, value: [{}, {}, {}] });
      // An office: shoppers behind one address no longer share its 3 orders (the address holds 10).
      expect(await device().repository.place(one)).toMatchObject({ ok: true });
    } finally {
      project.fake.clientAddress = null;
    }
  });

  it('without an anonymous session (Supabase Auth refuses it), one client address holds at most 3 unpaid orders; another address still orders', async () => {
    const shop = backend();
    const teapot = (await shop.catalogue().getBySlug('theiere-en-fonte-kyoto'))!;
    const one = request([{ productId: teapot.id, quantity: 1 }]);
    try {
      project.fake.anonymousSignIns = false;
      project.fake.clientAddress = '203.0.113.9';
      for (let i = 0; i < 3; i++) expect(await device().repository.place(one)).toMatchObject({ ok: true, value: { status: 'en-attente' } });
      const mine = device();
      expect(await mine.repository.place(one)).toEqual(PENDING_REFUSED);
      expect(await project.cluster.query('select count(*)::int as n from public.orders where owner is null')).toEqual([{ n: 3 }]);
      project.fake.clientAddress = '198.51.100.7';
      const placed = await mine.repository.place(one);
      expect(placed).toMatchObject({ ok: true });
      // Read back through the device's reference alone.
      expect(await mine.reload().listMine()).toEqual({ ok: true, value: [placed.ok && placed.value] });
    } finally {
      project.fake.anonymousSignIns = true;
      project.fake.clientAddress = null;
    }
  });

  it('an order « changed » to the status it has is refused as the domain refuses it', async () => {
    const shop = backend();
    const teapot = (await shop.catalogue().getBySlug('theiere-en-fonte-kyoto'))!;
    const placed = await device().repository.place(request([{ productId: teapot.id, quantity: 1 }]));
    if (!placed.ok) throw new Error(placed.error.message);
    const admin = device('admin').repository;
    expect(await admin.changeStatus(placed.value.number, 'en-attente')).toEqual({
      ok: false,
      error: { code: 'invalid-status-change', message: 'La commande est déjà «\u202fen attente\u202f».' },
    });
  });
});
