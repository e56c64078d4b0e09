import { NavLink } from 'react-router-dom';
import { useAdminSession, useCart, useFavorites } from '../hooks/use-shop-state';

const articles = (n: number) => `${n} article${n > 1 ? 's' : ''}`;

/** The admin area, reached from the footer: shoppers' headers keep to the shop (issue 10, item 8). */
export function AdminLink() {
  const { isAdmin } = useAdminSession();
  return <NavLink to="/admin">{isAdmin ? 'Administration' : 'Espace admin'}</NavLink>;
}

export function Header() {
  const { cart } = useCart();
  const { favorites } = useFavorites();
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
            <NavLink to="/favoris" aria-label={`Favoris\u00a0: ${articles(favoritesCount)}`} className="nav-icon">
              <span className="nav-word">Favoris</span>{' '}
              <span className="badge" data-testid="favorites-count">
                {favoritesCount}
              </span>
            </NavLink>
          </li>
          <li>
            <NavLink to="/panier" aria-label={`Panier\u00a0: ${articles(cartCount)}`} className="nav-icon">
              <span className="nav-word">Panier</span>{' '}
              <span className="badge" data-testid="cart-count">
                {cartCount}
              </span>
            </NavLink>
          </li>
        </ul>
      </nav>
    </header>
  );
}
