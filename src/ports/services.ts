import type { AdminSessionService } from '../domain/admin/admin-session-service';
import type { CartService } from '../domain/cart/cart-service';
import type { CheckoutService } from '../domain/order/checkout-service';
import type { FavoritesService } from '../domain/favorites/favorites-service';
import type { Newsletter } from '../domain/newsletter/newsletter';
import type { InstallBannerService } from '../domain/pwa/install-banner-service';
import type { UpdateBannerService } from '../domain/pwa/update-banner-service';
import type { Lazy } from './lazy';
import { token } from './token';

// Tokens of the domain services the UI asks the container for (the services are built in src/app).
export const CART_SERVICE = token<CartService>('CartService');
export const FAVORITES_SERVICE = token<FavoritesService>('FavoritesService');
// Loaded on demand: the newsletter's code is not part of a shopper's first visit.
export const NEWSLETTER_SERVICE = token<Lazy<Newsletter>>('NewsletterService');
// Loaded on demand: checkout's code (and the payment's, the orders') comes with its route.
export const CHECKOUT_SERVICE = token<Lazy<CheckoutService>>('CheckoutService');
/** The shop's public address, which every link of a mail starts with (the newsletter preview shows it). */
export const SITE_URL = token<string>('SiteUrl');
export const ADMIN_SESSION_SERVICE = token<AdminSessionService>('AdminSessionService');
export const INSTALL_BANNER_SERVICE = token<InstallBannerService>('InstallBannerService');
export const UPDATE_BANNER_SERVICE = token<UpdateBannerService>('UpdateBannerService');
