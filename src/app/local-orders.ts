// The local OrderRepository and PaymentGateway, the « Paiement de test » page's stand-in provider
// (src/app/container.ts loads this module with the first order question or payment).
import type { DependencyContainer } from 'tsyringe';
import type { BroadcastCatalogueChanges } from '@/adapters/browser/broadcast-changes';
import type { BroadcastOrderChanges } from '@/adapters/browser/broadcast-order-changes';
import { fetchDemoCatalogue, parseDemoCatalogue } from '@/adapters/demo-catalogue/demo-catalogue';
import type { ResolveImages } from '@/adapters/catalogue-edits/edited-catalogue';
import { LocalOrderRepository } from '@/adapters/local-orders/local-order-repository';
import { LocalOrderStore } from '@/adapters/local-orders/local-order-store';
import { LocalTestPayment } from '@/adapters/local-payment/local-test-payment';
import type { AdminSessionService } from '@/domain/admin/admin-session-service';
import { PlacedOrders } from '@/domain/order/placed-orders';
import { CLOCK, type Clock } from '@/ports/clock';
import { ID_GENERATOR, type IdGenerator } from '@/ports/id-generator';
import { KEY_VALUE_STORE, type KeyValueStore } from '@/ports/key-value-store';
import { LOGGER, type Logger } from '@/ports/logger';
import { MAILER, type Mailer } from '@/ports/mailer';
import type { OrderRepository } from '@/ports/order-repository';
import type { PaymentGateway } from '@/ports/payment-gateway';
import type { TestPaymentDesk } from '@/ports/test-payment-desk';
import { ADMIN_SESSION_SERVICE, SITE_URL } from '@/domain/service-tokens';
import { markDemoCatalogueChanged } from './demo-catalogue-changed';

export interface LocalOrders {
  orders: OrderRepository;
  /** The stand-in payment provider: the payment port, and the « Paiement de test » page's desk. */
  payments: PaymentGateway & TestPaymentDesk;
}

/** What the order repository shares with the rest of its container: the container makes one of each. */
export interface LocalOrdersPeers {
  /** The adapter behind CATALOGUE_CHANGES: an order's stock change is announced there. */
  catalogueChanges: Pick<BroadcastCatalogueChanges, 'announce'>;
  /** The adapter behind ORDER_CHANGES: each order placed and each status changed is announced there. */
  orderChanges: Pick<BroadcastOrderChanges, 'announce'>;
  /** The catalogue's resolver of `local-picture:` addresses, over the storage behind PICTURE_STORAGE. */
  resolveImages: ResolveImages;
}

/** A local OrderRepository (over this browser's IndexedDB) and its stand-in payment provider, from the container `c`'s ports. */
export function localOrders(c: DependencyContainer, peers: LocalOrdersPeers): LocalOrders {
  const orders = createLocalOrderRepository(c, peers);
  const payments = new LocalTestPayment({
    store: c.resolve<KeyValueStore>(KEY_VALUE_STORE),
    clock: c.resolve<Clock>(CLOCK),
    ids: c.resolve<IdGenerator>(ID_GENERATOR),
    orders,
    logger: c.resolve<Logger>(LOGGER),
  });
  return { orders, payments };
}

function createLocalOrderRepository(c: DependencyContainer, { catalogueChanges, orderChanges, resolveImages }: LocalOrdersPeers): LocalOrderRepository {
  const logger = c.resolve<Logger>(LOGGER);
  const store = c.resolve<KeyValueStore>(KEY_VALUE_STORE);
  return new LocalOrderRepository({
    store: new LocalOrderStore({ factory: indexedDB, logger }),
    shipped: async () => parseDemoCatalogue(await fetchDemoCatalogue(), c.resolve<Clock>(CLOCK).now(), logger),
    clock: c.resolve<Clock>(CLOCK),
    ids: c.resolve<IdGenerator>(ID_GENERATOR),
    placed: new PlacedOrders(store, logger),
    isAdmin: () => c.resolve<AdminSessionService>(ADMIN_SESSION_SERVICE).isAdmin(),
    // Open storefront tabs refetch and show the new stock.
    announce: (change) => catalogueChanges.announce(change),
    // The back office's open orders pages, in every tab, fetch again.
    announceOrder: (change) => orderChanges.announce(change),
    markCatalogueChanged: () => markDemoCatalogueChanged(store, logger),
    logger,
    mailer: c.resolve<Mailer>(MAILER),
    // VITE_SITE_URL, else the page's origin: the newsletter's mails link from the same address.
    siteUrl: c.resolve<string>(SITE_URL),
    // An uploaded picture is shown as the catalogue shows it (an object URL of this page).
    resolveImages,
  });
}
