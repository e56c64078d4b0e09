import type { AdminSession } from '@/domain/admin/admin-session-service';
import type { CartItem } from '@/domain/cart/cart';
import type { Product } from '@/domain/product';
import { ADMIN_SESSION_SERVICE, CART_SERVICE, FAVORITES_SERVICE } from '@/domain/service-tokens';
import { useService } from '../di/container-context';
import { useSnapshot } from './use-snapshot';

// The cart, favorites and admin-session state of spec §2, each fed from its domain service.

// What a prerendered page shows before this browser's state is read (useSnapshot's `before`).
const NO_CART_ITEMS: readonly CartItem[] = [];
const NO_FAVORITES: readonly Product[] = [];
const SESSION_UNKNOWN: AdminSession = { user: null, restoring: true };

export function useCart() {
  const cart = useService(CART_SERVICE);
  return { cart, items: useSnapshot(cart, NO_CART_ITEMS) };
}

export function useFavorites() {
  const favorites = useService(FAVORITES_SERVICE);
  return { favorites, items: useSnapshot(favorites, NO_FAVORITES) };
}

/**
 * `admin`: the signed-in user when the session service says they are admin (spec §6), else null.
 * `restoring`: just after a load, until the session's keeper has said whether one is open.
 */
export function useAdminSession() {
  const session = useService(ADMIN_SESSION_SERVICE);
  const { user, restoring } = useSnapshot(session, SESSION_UNKNOWN);
  const admin = session.isAdmin() ? user : null;
  return { session, admin, isAdmin: admin !== null, restoring };
}
