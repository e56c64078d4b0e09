import { ADMIN_SESSION_SERVICE, CART_SERVICE, FAVORITES_SERVICE } from '@/domain/service-tokens';
import { useService } from '../di/container-context';
import { useSnapshot } from './use-snapshot';

// The cart, favorites and admin-session state of spec §2, each fed from its domain service.

export function useCart() {
  const cart = useService(CART_SERVICE);
  return { cart, items: useSnapshot(cart) };
}

export function useFavorites() {
  const favorites = useService(FAVORITES_SERVICE);
  return { favorites, items: useSnapshot(favorites) };
}

/**
 * `admin`: the signed-in user when the session service says they are admin (spec §6), else null.
 * `restoring`: just after a load, until the session's keeper has said whether one is open.
 */
export function useAdminSession() {
  const session = useService(ADMIN_SESSION_SERVICE);
  const { user, restoring } = useSnapshot(session);
  const admin = session.isAdmin() ? user : null;
  return { session, admin, isAdmin: admin !== null, restoring };
}
