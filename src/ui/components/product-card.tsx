import { Link } from 'react-router-dom';
import { mainPictureOf, type Product } from '@/domain/product';
import { AddToCartButton } from './add-to-cart-button';
import { FavoriteToggle } from './favorite-toggle';
import { PriceTag } from './price-tag';
import { paths } from '@/domain/site-paths';

/** `priority`: a card in the first screenful, whose picture is likely the largest paint. */
export function ProductCard({ product, categoryName, priority = false }: { product: Product; categoryName?: string; priority?: boolean }) {
  const inStock = product.inStock !== false;
  const href = product.slug ? paths.product(product.slug) : null;
  const titleId = `produit-${product.id}`;
  return (
    <article className="product-card" aria-labelledby={titleId}>
      <img
        src={mainPictureOf(product)}
        alt=""
        width={320}
        height={240}
        loading={priority ? 'eager' : 'lazy'}
        fetchPriority={priority ? 'high' : 'auto'}
        decoding="async"
      />
      <h3 id={titleId}>{href ? <Link to={href}>{product.name}</Link> : product.name}</h3>
      {categoryName && <p className="category">{categoryName}</p>}
      <PriceTag product={product} />
      <p className={inStock ? 'stock stock--in' : 'stock stock--out'}>{inStock ? 'En stock' : 'Rupture de stock'}</p>
      <div className="actions">
        <AddToCartButton product={product} named />
        <FavoriteToggle product={product} />
      </div>
    </article>
  );
}

/** The same elements as a card, empty: the grid keeps its height when the products arrive. */
export function ProductCardSkeleton() {
  return (
    <div className="product-card product-card--skeleton" aria-hidden="true">
      <div className="skeleton skeleton--image" />
      <h3 className="skeleton">&nbsp;</h3>
      <p className="category">&nbsp;</p>
      <p className="price">
        <span className="price__current">&nbsp;</span>
      </p>
      <p className="stock">&nbsp;</p>
      <div className="actions">
        <span className="skeleton skeleton--button" />
      </div>
    </div>
  );
}
