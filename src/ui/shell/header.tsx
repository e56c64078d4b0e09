import { NavLink } from 'react-router-dom';
import { useAdminSession, useCart, useFavorites } from '../hooks/use-shop-state';

const articles = (n: number) => `${n} article${n > 1 ? 's' : ''}`;

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
            <NavLink to="/boutique">Boutique</NavLink>
          </li>
          <li>
            <NavLink to="/favoris" aria-label={`Favoris\u00a0: ${articles(favoritesCount)}`}>
              Favoris <span className="badge" data-testid="favorites-count">{favoritesCount}</span>
            </NavLink>
          </li>
          <li>
            <NavLink to="/panier" aria-label={`Panier\u00a0: ${articles(cartCount)}`}>
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
