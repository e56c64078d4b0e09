// idb checks what it wraps against the global IndexedDB classes: fake-indexeddb's, as a browser's.
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { editedCatalogue } from '@/adapters/catalogue-edits/edited-catalogue';
import { editsOnceMarked } from '@/adapters/catalogue-edits/edits-once-marked';
import { DemoCatalogue, parseDemoCatalogue } from '@/adapters/demo-catalogue/demo-catalogue';
import { LocalOrderRepository } from '@/adapters/local-orders/local-order-repository';
import { LocalOrderStore } from '@/adapters/local-orders/local-order-store';
import { LocalTestPayment } from '@/adapters/local-payment/local-test-payment';
import { MemoryKeyValueStore } from '@/adapters/memory/memory-key-value-store';
import type { PlaceOrderRequest } from '@/domain/order/order';
import { PlacedOrders } from '@/domain/order/placed-orders';
import { STORAGE_KEYS } from '@/domain/storage-keys';
import { FakeClock } from '../fakes/fake-clock';
import { FakeMailer } from '../fakes/fake-mailer';
import { RecordingLogger } from '../fakes/recording-logger';
import { SequentialIds } from '../fakes/sequential-ids';
import { catalogueValues } from './catalogue-values';
import { readDemoCatalogueFile } from './demo-catalogue-file';

export const TEAPOT = 'theiere-en-fonte-kyoto';

/**
 * One local shop on one device (IndexedDB from fake-indexeddb, a fake clock): its orders, its
 * stand-in payment provider (« Paiement de test »), and its catalogue as a page reads it.
 */
export function localPaymentShop(clock = new FakeClock('2026-11-23T10:00:00.000Z')) {
  const factory = new IDBFactory();
  const storage = new MemoryKeyValueStore();
  const logger = new RecordingLogger();
  const shipped = async () => parseDemoCatalogue(await readDemoCatalogueFile(), clock.now());
  const orders = new LocalOrderRepository({
    store: new LocalOrderStore({ factory }),
    shipped,
    clock,
    ids: new SequentialIds('secret'),
    placed: new PlacedOrders(storage, logger),
    isAdmin: () => false,
    announce: () => undefined,
    markCatalogueChanged: () => storage.set(STORAGE_KEYS.catalogueChanged, '1'),
    logger,
    mailer: new FakeMailer(),
    siteUrl: 'https://boutique.example',
  });
  const payments = new LocalTestPayment({ store: storage, clock, ids: new SequentialIds('session'), orders, logger });
  // A page opened now: the demo catalogue with the stock the orders took or gave back.
  const catalogue = () =>
    catalogueValues(
      new DemoCatalogue(
        logger,
        readDemoCatalogueFile,
        editsOnceMarked(storage, (demo) => editedCatalogue(demo, logger, { factory })),
      ),
    );
  const stockOf = async (slug: string) => (await catalogue().getBySlug(slug))?.stock;
  /** Places an order of one teapot, paid as said, from this device. */
  const place = async (method: PlaceOrderRequest['payment']['method'] = 'carte') => {
    const teapot = (await catalogue().getBySlug(TEAPOT))!;
    const placed = await orders.place({
      contact: { name: 'Camille Martin', email: 'camille.martin@exemple.fr', phone: null },
      address: { street: '12 rue des Lilas', postalCode: '69003', city: 'Lyon', country: 'France' },
      deliveryMethod: 'domicile',
      relayPoint: null,
      lines: [{ productId: teapot.id, quantity: 1 }],
      payment: { method },
    });
    if (!placed.ok) throw new Error(placed.error.message);
    return placed.value;
  };
  return { clock, storage, orders, payments, stockOf, place };
}
