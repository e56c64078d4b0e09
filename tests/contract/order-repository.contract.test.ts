// idb checks what it wraps against the global IndexedDB classes: fake-indexeddb's, as a browser's.
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { CatalogueEditsStore } from '../../src/adapters/catalogue-edits/catalogue-edits-store';
import { CATALOGUE_EDITS_MARKER, lazyCatalogueEdits } from '../../src/adapters/catalogue-edits/lazy-catalogue-edits';
import { LocalCatalogueWriter } from '../../src/adapters/catalogue-edits/local-catalogue-writer';
import { DemoCatalogue, parseDemoCatalogue } from '../../src/adapters/demo-catalogue/demo-catalogue';
import { LocalOrderRepository } from '../../src/adapters/local-orders/local-order-repository';
import { MemoryKeyValueStore } from '../../src/adapters/memory/memory-key-value-store';
import type { CatalogueChange } from '../../src/ports/catalogue-changes';
import { PlacedOrders } from '../../src/domain/order/placed-orders';
import { FakeClock } from '../fakes/fake-clock';
import { RecordingLogger } from '../fakes/recording-logger';
import { SequentialIds } from '../fakes/sequential-ids';
import { readDemoCatalogueFile } from '../support/demo-catalogue-file';
import { orderRepositoryContract, request, type OrdersBackend } from './support/order-repository-contract';

// ── Local: IndexedDB (fake-indexeddb), with the back office's catalogue edits ──────────────

/** One shop kept in one browser profile's IndexedDB; each device of the test has its own localStorage for its orders. */
function localShop(clock = new FakeClock('2026-11-23T21:00:00.000Z')) {
  const factory = new IDBFactory();
  // The browser profile's localStorage, where the catalogue edits marker is.
  const storage = new MemoryKeyValueStore();
  const announced: CatalogueChange[] = [];
  const logger = new RecordingLogger();
  const store = () => new CatalogueEditsStore({ factory, databaseName: 'boutique-catalogue' });
  const shipped = async () => parseDemoCatalogue(await readDemoCatalogueFile());
  const markEdited = () => storage.set(CATALOGUE_EDITS_MARKER, '1');
  const secrets = new SequentialIds('secret');
  const backend: OrdersBackend = {
    cardOrdersStartAs: 'payee',
    catalogue: () => new DemoCatalogue(logger, readDemoCatalogueFile, lazyCatalogueEdits(storage, logger, { factory })),
    writer: new LocalCatalogueWriter({ store: store(), shipped, clock, ids: new SequentialIds('produit'), announce: () => undefined, markEdited }),
    device: (as = 'visitor') => {
      const kept = new MemoryKeyValueStore();
      const placed = new PlacedOrders(kept, logger);
      const repository = new LocalOrderRepository({
        store: store(),
        shipped,
        clock,
        ids: secrets,
        placed,
        isAdmin: () => as === 'admin',
        announce: (change) => announced.push(change),
        markEdited,
        logger,
      });
      return { repository, placed, kept };
    },
  };
  return { backend, factory, storage, announced, logger, clock };
}

orderRepositoryContract('LocalOrderRepository (IndexedDB with the catalogue edits)', () => localShop().backend);

describe('LocalOrderRepository on one device', () => {
  it('a storefront opened before the order shows the new stock; the open tabs were told which product changed', async () => {
    const shop = localShop();
    const storefront = shop.backend.catalogue();
    const teapot = (await storefront.getBySlug('theiere-en-fonte-kyoto'))!;
    const { repository } = shop.backend.device();
    const placed = await repository.place(request([{ productId: teapot.id, quantity: 3 }]));
    expect(placed.ok).toBe(true);
    expect(shop.storage.get(CATALOGUE_EDITS_MARKER)).not.toBeNull();
    expect(await storefront.getBySlug('theiere-en-fonte-kyoto')).toMatchObject({ stock: teapot.stock - 3, price: teapot.price });
    expect(shop.announced).toEqual([{ productId: teapot.id, kind: 'saved' }]);
  });

  it('keeps the back office’s edits of a product when its stock goes down', async () => {
    const shop = localShop();
    const bowl = (await shop.backend.catalogue().getBySlug('bol-en-gres-bleu-nuit'))!;
    await shop.backend.writer.update(bowl.id, {
      name: 'Bol bleu nuit', slug: bowl.slug, description: bowl.description, price: 14, originalPrice: null,
      category: { slug: bowl.category }, stock: 6, tags: bowl.tags, images: bowl.images,
    });
    const placed = await shop.backend.device().repository.place(request([{ productId: bowl.id, quantity: 2 }]));
    expect(placed).toMatchObject({ ok: true, value: { lines: [{ name: 'Bol bleu nuit', unitPriceCents: 1400, quantity: 2 }] } });
    const after = await shop.backend.catalogue().getBySlug(bowl.slug);
    expect(after).toMatchObject({ name: 'Bol bleu nuit', price: 14, stock: 4, inStock: true });
    expect(after?.originalPrice).toBeUndefined();
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
    const opening = shop.factory.open('boutique-catalogue', 1);
    opening.onupgradeneeded = () => {
      opening.result.createObjectStore('products', { keyPath: 'id' });
      opening.result.createObjectStore('deleted');
      opening.result.createObjectStore('categories', { keyPath: 'slug' });
      opening.transaction!.objectStore('deleted').put(true, 'p-003');
    };
    await new Promise((resolve) => (opening.onsuccess = resolve));
    opening.result.close();
    shop.storage.set(CATALOGUE_EDITS_MARKER, '1');
    const teapot = (await shop.backend.catalogue().getBySlug('theiere-en-fonte-kyoto'))!;
    expect(await shop.backend.catalogue().getBySlug('planche-a-decouper-en-noyer')).toBeNull();
    const placed = await shop.backend.device().repository.place(request([{ productId: teapot.id, quantity: 1 }]));
    expect(placed.ok).toBe(true);
    expect(await shop.backend.catalogue().getBySlug('planche-a-decouper-en-noyer')).toBeNull();
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
