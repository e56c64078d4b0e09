import { DemoRelayPoints } from '@/adapters/demo-relay-points/demo-relay-points';
import { RELAY_POINTS } from '@/ports/relay-points';
import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { container as root, type DependencyContainer } from 'tsyringe';
import { BroadcastCatalogueChanges } from '@/adapters/browser/broadcast-changes';
import { BroadcastOrderChanges } from '@/adapters/browser/broadcast-order-changes';
import { LocalAdminAuthGateway } from '@/adapters/local-admin-auth/local-admin-auth-gateway';
import { MemoryStorageArea, MemoryKeyValueStore } from '@/adapters/memory/memory-key-value-store';
import { MemorySharedCommits } from '../fakes/memory-shared-commits';
import { registerPwaServices } from '@/app/register-pwa-services';
import { registerDomainServices } from '@/app/register-services';
import { APP_UPDATE } from '@/ports/app-update';
import { INSTALL_PROMPT } from '@/ports/install-prompt';
import { FakeAppUpdate } from '../fakes/fake-app-update';
import { FakeInstallPrompt } from '../fakes/fake-install-prompt';
import { ADMIN_AUTH_GATEWAY } from '@/ports/admin-auth-gateway';
import { CATALOGUE } from '@/ports/catalogue';
import { CATALOGUE_CHANGES } from '@/ports/catalogue-changes';
import { CATALOGUE_WRITER } from '@/ports/catalogue-writer';
import { ORDER_CHANGES } from '@/ports/order-changes';
import { PICTURE_STORAGE } from '@/ports/picture-storage';
import { CLOCK } from '@/ports/clock';
import { ID_GENERATOR } from '@/ports/id-generator';
import { KEY_VALUE_STORE } from '@/ports/key-value-store';
import { LOGGER } from '@/ports/logger';
import { MAILER } from '@/ports/mailer';
import { SHARED_COMMITS } from '@/ports/shared-commits';
import { SHARED_STATES } from '@/ports/shared-state';
import { Toaster } from '@/app/on-demand';
import { routes } from '@/app/routes';
import { AppProviders } from '@/ui/app';
import { FailingKeyValueStore } from '../fakes/failing-key-value-store';
import { FakePasswordCheck } from '../fakes/fake-admin-auth-gateway';
import { FakeCatalogue } from '../fakes/fake-catalogue';
import { FakeCatalogueWriter } from '../fakes/fake-catalogue-writer';
import { FakePictureStorage } from '../fakes/fake-picture-storage';
import { FakeClock } from '../fakes/fake-clock';
import { FakeMailer } from '../fakes/fake-mailer';
import { RecordingLogger } from '../fakes/recording-logger';
import { CrossTabSharedStates } from '@/adapters/cross-tab/cross-tab-shared-states';
import { SequentialIds } from '../fakes/sequential-ids';
import { FakeOrderRepository } from '../fakes/fake-order-repository';
import { LocalTestPayment } from '@/adapters/local-payment/local-test-payment';
import { TEST_PAYMENT_DESK } from '@/ports/test-payment-desk';
import { ORDER_REPOSITORY } from '@/ports/order-repository';
import { PAYMENT_GATEWAY } from '@/ports/payment-gateway';
import { LocalNewsletterSender } from '@/adapters/local-storage/local-newsletter-sender';
import { LocalNewsletterSubscribers } from '@/adapters/local-storage/local-newsletter-subscribers';
import { NewsletterService } from '@/domain/newsletter/newsletter-service';
import { NEWSLETTER_SENDER } from '@/ports/newsletter-sender';
import { NEWSLETTER_SUBSCRIBERS } from '@/ports/newsletter-subscribers';
import { LocalNotifier } from '@/adapters/local-notifications/local-notifier';
import { NOTIFICATION_PERMISSION } from '@/ports/notification-permission';
import { NOTIFIER } from '@/ports/notifier';
import { FakeNotificationPermission } from '../fakes/fake-notification-permission';

/**
 * The real shop UI and domain, on in-memory fakes, at `path`. `prepare` may replace an adapter
 * before the domain services are built over them.
 */
export function renderShop(path = '/', area = new MemoryStorageArea(), prepare?: (container: DependencyContainer) => void) {
  const store = new FailingKeyValueStore(new MemoryKeyValueStore(area));
  const clock = new FakeClock();
  const mailer = new FakeMailer();
  const logger = new RecordingLogger();
  const container = root.createChildContainer();
  container.register(KEY_VALUE_STORE, { useValue: store });
  container.register(SHARED_COMMITS, { useValue: new MemorySharedCommits() });
  container.register(SHARED_STATES, { useValue: new CrossTabSharedStates(store, container.resolve(SHARED_COMMITS), logger) });
  container.register(CLOCK, { useValue: clock });
  container.register(MAILER, { useValue: mailer });
  container.register(LOGGER, { useValue: logger });
  container.register(ID_GENERATOR, { useValue: new SequentialIds() });
  const catalogue = new FakeCatalogue();
  container.register(CATALOGUE, { useValue: catalogue });
  // The local adapter without a BroadcastChannel: `catalogueChanges.announce` is what the back
  // office of this tab (or, through the channel, of another one) says.
  const catalogueChanges = new BroadcastCatalogueChanges(null);
  container.register(CATALOGUE_CHANGES, { useValue: catalogueChanges });
  // The same for orders: `container.resolve(ORDER_CHANGES).announce` is an order placed or moved elsewhere.
  container.register(ORDER_CHANGES, { useValue: new BroadcastOrderChanges(null) });
  // The back office's ports (issue 12), writing where the fake catalogue reads.
  const writer = new FakeCatalogueWriter(catalogue);
  const pictures = new FakePictureStorage();
  container.register(CATALOGUE_WRITER, { useValue: writer });
  container.register(PICTURE_STORAGE, { useValue: pictures });
  // The local admin sign-in over this storage (its two entries), checking TEST_ADMIN without hashing.
  container.register(ADMIN_AUTH_GATEWAY, { useValue: new LocalAdminAuthGateway(store, new FakePasswordCheck(), logger) });
  // Orders and payment (issue 13): over the fake catalogue's products and stock.
  const orders = new FakeOrderRepository(clock, new Map(catalogue.products.map((p) => [p.id, p])));
  // The local stand-in provider (« Paiement de test ») over these orders, as the local shop pays.
  const payments = new LocalTestPayment({ store, clock, ids: new SequentialIds('session'), orders, logger });
  container.register(ORDER_REPOSITORY, { useValue: orders });
  container.register(PAYMENT_GATEWAY, { useValue: payments });
  container.register(TEST_PAYMENT_DESK, { useValue: payments });
  // The demo list, as both builds use it: its points are data, not behaviour to fake.
  container.register(RELAY_POINTS, { useValue: new DemoRelayPoints() });
  // The newsletter kept on the device, as the local shop keeps it.
  const newsletter = new NewsletterService(container.resolve(SHARED_STATES), mailer, clock, container.resolve(ID_GENERATOR), logger, window.location.origin);
  container.register(NEWSLETTER_SUBSCRIBERS, { useValue: new LocalNewsletterSubscribers(newsletter) });
  container.register(NEWSLETTER_SENDER, { useValue: new LocalNewsletterSender(newsletter) });
  // Notifications: the local adapter over this shop's storage, orders and catalogue; the browser's permission a fake.
  const permission = new FakeNotificationPermission();
  container.register(NOTIFICATION_PERMISSION, { useValue: permission });
  const notifier = new LocalNotifier({ store, clock, ids: new SequentialIds('suivi'), orders, catalogue, logger });
  container.register(NOTIFIER, { useValue: notifier });
  prepare?.(container);
  registerDomainServices(container, window.location.origin);
  const installPrompt = new FakeInstallPrompt();
  const appUpdate = new FakeAppUpdate();
  container.register(INSTALL_PROMPT, { useValue: installPrompt });
  container.register(APP_UPDATE, { useValue: appUpdate });
  registerPwaServices(container);
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const user = userEvent.setup();
  const view = render(
    <AppProviders container={container} toaster={Toaster} queryClient={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return {
    ...view,
    newsletter,
    store,
    orders,
    payments,
    catalogue,
    catalogueChanges,
    writer,
    pictures,
    clock,
    mailer,
    logger,
    container,
    router,
    user,
    installPrompt,
    appUpdate,
    permission,
    notifier,
  };
}
