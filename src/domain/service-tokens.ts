import { token } from '@/ports/token';
import type { AdminSessionService } from './admin/admin-session-service';
import type { CartEditor } from './cart/cart-editor';
import type { CartService } from './cart/cart-service';
import type { FavoritesService } from './favorites/favorites-service';
import type { InstallBannerService } from './pwa/install-banner-service';
import type { UpdateBannerService } from './pwa/update-banner-service';

// Tokens of the domain services the UI asks the container for (src/app builds them from the ports).
export const CART_SERVICE = token<CartService>('CartService');
/** The cart as the catalogue sees it now (the cart page's and the checkout's review, and their changes). */
export const CART_EDITOR = token<CartEditor>('CartEditor');
export const FAVORITES_SERVICE = token<FavoritesService>('FavoritesService');
/** The shop's public address, which every link of a mail starts with (the newsletter preview shows it). */
export const SITE_URL = token<string>('SiteUrl');
export const ADMIN_SESSION_SERVICE = token<AdminSessionService>('AdminSessionService');
export const INSTALL_BANNER_SERVICE = token<InstallBannerService>('InstallBannerService');
export const UPDATE_BANNER_SERVICE = token<UpdateBannerService>('UpdateBannerService');
