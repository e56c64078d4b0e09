import { Link } from 'react-router-dom';
import { mainPictureOf } from '../../../domain/product';
import { PriceTag } from '../../components/price-tag';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { useCart, useFavorites } from '../../hooks/use-shop-state';
import { useNotify } from '../../toast/toast-context';

export default function FavoritesPage() {
  const { favorites, items } = useFavorites();
  const { cart } = useCart();
  const notify = useNotify();
  useDocumentTitle('Favoris');

  function moveToCart(product: (typeof items)[number]) {
    // Both show at once; the toast tells whether both were saved.
    const saved = Promise.all([cart.add(product), favorites.remove(product.id)]).then(([added, removed]) =>
      added.ok ? removed : added,
    );
    notify.result(saved, { title: `«\u202f${product.name}\u202f» déplacé dans le panier` });
  }

  return (
    <section aria-labelledby="titre-favoris">
      <h1 id="titre-favoris">Vos favoris</h1>
      {items.length === 0 ? (
        <div className="empty-state">
          <p>Aucun favori pour le moment. Touchez ♡ sur un produit pour le retrouver ici.</p>
          <Link to="/boutique" className="button-link">
            Découvrir la boutique
          </Link>
        </div>
      ) : (
        <ul className="product-grid">
          {items.map((product) => (
            <li key={product.id}>
              <article className="product-card" aria-labelledby={`favori-${product.id}`} data-testid="favorite-line">
                <img src={mainPictureOf(product)} alt="" width={320} height={240} loading="lazy" />
                <h2 id={`favori-${product.id}`} className="product-card__title">
                  {product.slug ? <Link to={`/produit/${product.slug}`}>{product.name}</Link> : product.name}
                </h2>
                <PriceTag product={product} />
                <div className="actions">
                  <button type="button" disabled={product.inStock === false} onClick={() => moveToCart(product)}>
                    Déplacer dans le panier
                  </button>
                  <button
                    type="button"
                    className="secondary"
                    onClick={() =>
                      notify.result(favorites.remove(product.id), { title: `«\u202f${product.name}\u202f» retiré des favoris` })
                    }
                  >
                    Retirer<span className="visually-hidden"> «&#x202F;{product.name}&#x202F;» des favoris</span>
                  </button>
                </div>
              </article>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
