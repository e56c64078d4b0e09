import { NavLink } from 'react-router-dom';
import { itemCount } from '@/domain/cart/cart';
import { useAdminSession, useCart, useFavorites } from '../hooks/use-shop-state';
import { useBrowserStateKnown } from '../hooks/use-snapshot';
import { paths } from '@/domain/site-paths';
import { COMPANY } from '@/domain/company';

const articles = (n: number) => `${n} article${n > 1 ? 's' : ''}`;

/** A link and its count; until this browser's state is read (a prerendered page), no count rather than a wrong one. */
function CountedLink({ to, word, count, testId, icon }: { to: string; word: string; count: number | null; testId: string; icon: 'favoris' | 'panier' }) {
  return (
    <NavLink to={to} aria-label={count === null ? word : `${word}\u00a0: ${articles(count)}`} className={`nav-icon nav-icon-${icon}`}>
      <span className="nav-word">{word}</span>{' '}
      <span className="badge" data-testid={testId}>
        {count}
      </span>
    </NavLink>
  );
}

/** The admin area, reached from the footer: shoppers' headers keep to the shop (issue 10, item 8). */
export function AdminLink() {
  const { isAdmin } = useAdminSession();
  return <NavLink to={paths.admin}>{isAdmin ? 'Administration' : 'Espace admin'}</NavLink>;
}

export function Header() {
  const known = useBrowserStateKnown();
  const { items: cartItems } = useCart();
  const { items: favoriteItems } = useFavorites();
  return (
    <header className="site-header">
      <a className="skip-link" href="#contenu">
        Aller au contenu
      </a>
      <NavLink to={paths.home} className="brand">
        {COMPANY.tradeName}
      </NavLink>
      <nav aria-label="Navigation principale">
        <ul className="nav-list">
          <li>
            <NavLink to={paths.shop}>Boutique</NavLink>
          </li>
          <li>
            <CountedLink to={paths.favorites} word="Favoris" count={known ? favoriteItems.length : null} testId="favorites-count" icon="favoris" />
          </li>
          <li>
            <CountedLink to={paths.cart} word="Panier" count={known ? itemCount(cartItems) : null} testId="cart-count" icon="panier" />
          </li>
        </ul>
      </nav>
    </header>
  );
}
