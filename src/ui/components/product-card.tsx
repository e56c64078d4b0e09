import { DEFAULT_PRODUCT_IMAGE, type Product } from '../../domain/product';
import { formatPrice } from '../format/price';
import { useCart, useFavorites } from '../hooks/use-shop-state';
import { useNotify } from '../toast/toast-context';

export function ProductCard({ product }: { product: Product }) {
  const { cart } = useCart();
  const { favorites } = useFavorites();
  const notify = useNotify();
  const favorite = favorites.isFavorite(product.id);
  const inStock = product.inStock !== false;
  const onSale = product.originalPrice !== undefined && product.originalPrice > product.price;

  return (
    <article className="product-card" aria-labelledby={`produit-${product.id}`}>
      <img
        src={product.images?.[0] ?? DEFAULT_PRODUCT_IMAGE}
        alt=""
        width={320}
        height={240}
        loading="lazy"
        decoding="async"
      />
      <h3 id={`produit-${product.id}`}>{product.name}</h3>
      <p className="category">{product.category}</p>
      <p className="price">
        <span className="price__current">{formatPrice(product.price)}</span>
        {onSale && (
          <del className="price__original">
            <span className="visually-hidden">Prix initial : </span>
            {formatPrice(product.originalPrice!)}
          </del>
        )}
      </p>
      <p className={inStock ? 'stock stock--in' : 'stock stock--out'}>{inStock ? 'En stock' : 'Rupture de stock'}</p>
      <div className="actions">
        <button
          type="button"
          disabled={!inStock}
          onClick={() => notify.result(cart.add(product), { title: `« ${product.name} » ajouté au panier` })}
        >
          Ajouter au panier
        </button>
        <button
          type="button"
          className="secondary"
          aria-pressed={favorite}
          aria-label={`${favorite ? 'Retirer' : 'Ajouter'} « ${product.name} » ${favorite ? 'des' : 'aux'} favoris`}
          onClick={() =>
            favorite
              ? notify.result(favorites.remove(product.id), { title: `« ${product.name} » retiré des favoris` })
              : notify.result(favorites.add(product), { title: `« ${product.name} » ajouté aux favoris` })
          }
        >
          <span aria-hidden="true">{favorite ? '♥' : '♡'}</span> {favorite ? 'Favori' : 'Favoris'}
        </button>
      </div>
    </article>
  );
}
