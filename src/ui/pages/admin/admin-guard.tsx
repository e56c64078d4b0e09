import { Suspense, useState } from 'react';
import { Navigate, NavLink, Outlet, useLocation } from 'react-router-dom';
import { useAdminSession } from '../../hooks/use-shop-state';
import { Loading } from '../../components/loading';
import { SIGN_IN_PATH, signInPathFor } from './admin-return-path';
import { paths } from '@/domain/site-paths';

/**
 * Every admin page but the sign-in: without an admin session (spec §6, as the session service
 * decides it, restored on reload) the visitor is sent to the sign-in, which remembers the page
 * asked for; with one, the back office's navigation and « Se déconnecter » frame the page.
 */
export default function AdminGuard() {
  const { session, admin, restoring } = useAdminSession();
  const location = useLocation();
  // A sign-out from this tab leads to a bare sign-in; a session ended elsewhere (another tab)
  // remembers the page, to come back to it.
  const [signedOut, setSignedOut] = useState(false);
  // Just after a load, the session is not known yet: neither the sign-in nor the page.
  if (restoring) return <Loading />;
  if (!admin) {
    const to = signedOut ? SIGN_IN_PATH : signInPathFor(`${location.pathname}${location.search}`);
    return <Navigate to={to} replace />;
  }
  function signOut() {
    setSignedOut(true);
    session.signOut();
  }
  return (
    <div className="admin">
      <div className="admin-bar">
        <nav aria-label="Administration">
          <ul className="admin-nav">
            <li>
              <NavLink to={paths.admin} end>
                Tableau de bord
              </NavLink>
            </li>
            <li>
              <NavLink to={paths.adminOrders}>Commandes</NavLink>
            </li>
            <li>
              <NavLink to={paths.adminProducts}>Produits</NavLink>
            </li>
            <li>
              <NavLink to={paths.adminNewsletter}>Newsletter</NavLink>
            </li>
            <li>
              <NavLink to={paths.home}>Voir la boutique</NavLink>
            </li>
          </ul>
        </nav>
        <p className="admin-user">
          <span data-testid="admin-email">{admin.email}</span>{' '}
          <button type="button" className="secondary" onClick={signOut}>
            Se déconnecter
          </button>
        </p>
      </div>
      <Suspense fallback={<Loading />}>
        <Outlet />
      </Suspense>
    </div>
  );
}
