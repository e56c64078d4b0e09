import { instanceCachingFactory, type DependencyContainer } from 'tsyringe';
import { AdminSessionService } from '@/domain/admin/admin-session-service';
import { CartEditor } from '@/domain/cart/cart-editor';
import { CartService } from '@/domain/cart/cart-service';
import { FavoritesService } from '@/domain/favorites/favorites-service';
import { ADMIN_AUTH_GATEWAY } from '@/ports/admin-auth-gateway';
import { CLOCK } from '@/ports/clock';
import { ID_GENERATOR } from '@/ports/id-generator';
import { LOGGER } from '@/ports/logger';
import { SHARED_STATES } from '@/ports/shared-state';
import { ADMIN_SESSION_SERVICE, CART_EDITOR, CART_SERVICE, FAVORITES_SERVICE, SITE_URL } from '@/domain/service-tokens';
import { CATALOGUE } from '@/ports/catalogue';

/**
 * The domain services, built from whatever adapters the container holds. Shared by the app's
 * container and the UI tests' containers of fakes, so both wire the domain the same way.
 * `siteUrl`: the shop's public address, which the newsletter's mails link to (its preview shows it).
 */
export function registerDomainServices(c: DependencyContainer, siteUrl: string): DependencyContainer {
  c.register(CART_SERVICE, {
    useFactory: instanceCachingFactory((r) => new CartService(r.resolve(SHARED_STATES))),
  });
  c.register(CART_EDITOR, {
    useFactory: instanceCachingFactory((r) => new CartEditor(r.resolve(CART_SERVICE), r.resolve(CATALOGUE))),
  });
  c.register(FAVORITES_SERVICE, {
    useFactory: instanceCachingFactory((r) => new FavoritesService(r.resolve(SHARED_STATES))),
  });
  c.register(SITE_URL, { useValue: siteUrl });
  c.register(ADMIN_SESSION_SERVICE, {
    useFactory: instanceCachingFactory(
      (r) => new AdminSessionService(r.resolve(ADMIN_AUTH_GATEWAY), r.resolve(CLOCK), r.resolve(ID_GENERATOR), r.resolve(LOGGER)),
    ),
  });
  return c;
}
