import { instanceCachingFactory, type DependencyContainer } from 'tsyringe';
import { AdminSessionService } from '../domain/admin/admin-session-service';
import { CartService } from '../domain/cart/cart-service';
import { FavoritesService } from '../domain/favorites/favorites-service';
import { ADMIN_AUTH_GATEWAY } from '../ports/admin-auth-gateway';
import { CATALOGUE } from '../ports/catalogue';
import { CLOCK } from '../ports/clock';
import { ID_GENERATOR } from '../ports/id-generator';
import { KEY_VALUE_STORE } from '../ports/key-value-store';
import { lazy } from '../ports/lazy';
import { LOGGER } from '../ports/logger';
import { MAILER } from '../ports/mailer';
import { ORDER_REPOSITORY } from '../ports/order-repository';
import { PAYMENT_GATEWAY } from '../ports/payment-gateway';
import { SHARED_COMMITS } from '../ports/shared-commits';
import {
  ADMIN_SESSION_SERVICE,
  CART_SERVICE,
  CHECKOUT_SERVICE,
  FAVORITES_SERVICE,
  NEWSLETTER_SERVICE,
  SITE_URL,
} from '../ports/services';

/**
 * The domain services, built from whatever adapters the container holds. Shared by the app's
 * container and the UI tests' containers of fakes, so both wire the domain the same way.
 * `siteUrl`: the shop's public address, which the newsletter's mails link to.
 */
export function registerDomainServices(c: DependencyContainer, siteUrl: string): DependencyContainer {
  c.register(CART_SERVICE, {
    useFactory: instanceCachingFactory((r) => new CartService(r.resolve(KEY_VALUE_STORE), r.resolve(SHARED_COMMITS), r.resolve(LOGGER), r.resolve(CATALOGUE))),
  });
  c.register(FAVORITES_SERVICE, {
    useFactory: instanceCachingFactory((r) => new FavoritesService(r.resolve(KEY_VALUE_STORE), r.resolve(SHARED_COMMITS), r.resolve(LOGGER))),
  });
  c.register(SITE_URL, { useValue: siteUrl });
  // Its code (and the mails it writes) downloads with the first subscription or newsletter page.
  c.register(NEWSLETTER_SERVICE, {
    useFactory: instanceCachingFactory((r) =>
      lazy(async () => {
        const { NewsletterService } = await import('../domain/newsletter/newsletter-service');
        return new NewsletterService(
          r.resolve(KEY_VALUE_STORE),
          r.resolve(SHARED_COMMITS),
          r.resolve(MAILER),
          r.resolve(CLOCK),
          r.resolve(ID_GENERATOR),
          r.resolve(LOGGER),
          siteUrl,
        );
      }),
    ),
  });
  // « Commander »: pays, places the order, empties the ordered lines. Its code loads with checkout.
  c.register(CHECKOUT_SERVICE, {
    useFactory: instanceCachingFactory((r) =>
      lazy(async () => {
        const { CheckoutService } = await import('../domain/order/checkout-service');
        return new CheckoutService(r.resolve(PAYMENT_GATEWAY), r.resolve(ORDER_REPOSITORY));
      }),
    ),
  });
  c.register(ADMIN_SESSION_SERVICE, {
    useFactory: instanceCachingFactory(
      (r) =>
        new AdminSessionService(
          r.resolve(ADMIN_AUTH_GATEWAY),
          r.resolve(CLOCK),
          r.resolve(ID_GENERATOR),
          r.resolve(LOGGER),
        ),
    ),
  });
  return c;
}
