import { CartPanel } from '../../components/cart-panel';
import { ProductCard } from '../../components/product-card';
import { useFavorites } from '../../hooks/use-shop-state';
import { useNotify } from '../../toast/toast-context';
import { SAMPLE_PRODUCTS } from './sample-products';

export default function HomePage() {
  const { favorites, items: favoriteItems } = useFavorites();
  const notify = useNotify();
  return (
    <>
      <section className="hero" aria-labelledby="titre-accueil">
        <h1 id="titre-accueil">Des objets simples pour la maison</h1>
        <p>Céramique, textile et papeterie, choisis avec soin et expédiés depuis la France.</p>
      </section>

      <section aria-labelledby="titre-selection">
        <h2 id="titre-selection">Notre sélection</h2>
        <div className="product-grid">
          {SAMPLE_PRODUCTS.map((product) => (
            <ProductCard key={product.id} product={product} />
          ))}
        </div>
      </section>

      <div className="columns">
        <section id="panier" aria-labelledby="titre-panier" tabIndex={-1}>
          <h2 id="titre-panier">Votre panier</h2>
          <CartPanel />
        </section>
        <section id="favoris" aria-labelledby="titre-favoris" tabIndex={-1}>
          <h2 id="titre-favoris">Vos favoris</h2>
          {favoriteItems.length === 0 ? (
            <p className="empty">Aucun favori pour le moment.</p>
          ) : (
            <ul className="favorite-list">
              {favoriteItems.map((product) => (
                <li key={product.id} data-testid="favorite-line">
                  {product.name}{' '}
                  <button type="button" className="link" onClick={() => notify.result(favorites.remove(product.id), { title: `« ${product.name} » retiré des favoris` })}>
                    Retirer<span className="visually-hidden"> « {product.name} » des favoris</span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
    </>
  );
}
