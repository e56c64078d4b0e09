import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { container as root, type DependencyContainer } from 'tsyringe';
import { BroadcastCatalogueChanges } from '../../src/adapters/browser/broadcast-catalogue-changes';
import { BroadcastOrderChanges } from '../../src/adapters/browser/broadcast-order-changes';
import { LocalAdminAuthGateway } from '../../src/adapters/local-admin-auth/local-admin-auth-gateway';
import { MemoryStorageArea, MemoryKeyValueStore } from '../../src/adapters/memory/memory-key-value-store';
import { MemorySharedCommits } from '../fakes/memory-shared-commits';
import { registerPwaServices } from '../../src/app/register-pwa-services';
import { registerDomainServices } from '../../src/app/register-services';
import { APP_UPDATE } from '../../src/ports/app-update';
import { INSTALL_PROMPT } from '../../src/ports/install-prompt';
import { FakeAppUpdate } from '../fakes/fake-app-update';
import { FakeInstallPrompt } from '../fakes/fake-install-prompt';
import { ADMIN_AUTH_GATEWAY } from '../../src/ports/admin-auth-gateway';
import { CATALOGUE } from '../../src/ports/catalogue';
import { CATALOGUE_CHANGES } from '../../src/ports/catalogue-changes';
import { CATALOGUE_WRITER } from '../../src/ports/catalogue-writer';
import { ORDER_CHANGES } from '../../src/ports/order-changes';
import { PICTURE_STORAGE } from '../../src/ports/picture-storage';
import { CLOCK } from '../../src/ports/clock';
import { ID_GENERATOR } from '../../src/ports/id-generator';
import { KEY_VALUE_STORE } from '../../src/ports/key-value-store';
import { LOGGER } from '../../src/ports/logger';
import { MAILER } from '../../src/ports/mailer';
import { SHARED_COMMITS, type SharedCommits } from '../../src/ports/shared-commits';
import { Toaster } from '../../src/app/on-demand';
import { routes } from '../../src/app/routes';
import { AppProviders } from '../../src/ui/app';
import { FailingKeyValueStore } from '../fakes/failing-key-value-store';
import { FakePasswordCheck } from '../fakes/fake-admin-auth-gateway';
import { FakeCatalogue } from '../fakes/fake-catalogue';
import { FakeCatalogueWriter } from '../fakes/fake-catalogue-writer';
import { FakePictureStorage } from '../fakes/fake-picture-storage';
import { FakeClock } from '../fakes/fake-clock';
import { FakeMailer } from '../fakes/fake-mailer';
import { RecordingLogger } from '../fakes/recording-logger';
import { SequentialIds } from '../fakes/sequential-ids';
import { FakeOrderRepository } from '../fakes/fake-order-repository';
import { FakePaymentGateway } from '../fakes/fake-payment-gateway';
import { ORDER_REPOSITORY } from '../../src/ports/order-repository';
import { PAYMENT_GATEWAY } from '../../src/ports/payment-gateway';
import { LocalNewsletterSender } from '../../src/adapters/local-storage/local-newsletter-sender';
import { LocalNewsletterSubscribers } from '../../src/adapters/local-storage/local-newsletter-subscribers';
import { NewsletterService } from '../../src/domain/newsletter/newsletter-service';
import { NEWSLETTER_SENDER } from '../../src/ports/newsletter-sender';
import { NEWSLETTER_SUBSCRIBERS } from '../../src/ports/newsletter-subscribers';

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
  const payments = new FakePaymentGateway();
  container.register(ORDER_REPOSITORY, { useValue: orders });
  container.register(PAYMENT_GATEWAY, { useValue: payments });
  // The newsletter kept on the device, as the local shop keeps it.
  const commits = container.resolve<SharedCommits>(SHARED_COMMITS);
  const newsletter = new NewsletterService(store, commits, mailer, clock, container.resolve(ID_GENERATOR), logger, window.location.origin);
  container.register(NEWSLETTER_SUBSCRIBERS, { useValue: new LocalNewsletterSubscribers(newsletter) });
  container.register(NEWSLETTER_SENDER, { useValue: new LocalNewsletterSender(newsletter) });
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
  return { ...view, newsletter, store, orders, payments, catalogue, catalogueChanges, writer, pictures, clock, mailer, logger, container, router, user, installPrompt, appUpdate };
}
