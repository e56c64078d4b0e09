import { NavLink } from 'react-router-dom';
import { useAdminSession, useCart, useFavorites } from '../hooks/use-shop-state';

export function Header() {
  const { cart } = useCart();
  const { favorites } = useFavorites();
  const { isAdmin } = useAdminSession();
  const cartCount = cart.count();
  const favoritesCount = favorites.count();
  return (
    <header className="site-header">
      <a className="skip-link" href="#contenu">
        Aller au contenu
      </a>
      <NavLink to="/" className="brand">
        La Petite Boutique
      </NavLink>
      <nav aria-label="Navigation principale">
        <ul className="nav-list">
          <li>
            <NavLink to="/#favoris" aria-label={`Favoris : ${favoritesCount} article${favoritesCount > 1 ? 's' : ''}`}>
              Favoris <span className="badge" data-testid="favorites-count">{favoritesCount}</span>
            </NavLink>
          </li>
          <li>
            <NavLink to="/#panier" aria-label={`Panier : ${cartCount} article${cartCount > 1 ? 's' : ''}`}>
              Panier <span className="badge" data-testid="cart-count">{cartCount}</span>
            </NavLink>
          </li>
          <li>
            <NavLink to="/admin">{isAdmin ? 'Administration' : 'Espace admin'}</NavLink>
          </li>
        </ul>
      </nav>
    </header>
  );
}
