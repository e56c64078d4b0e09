import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { lineLimitOf } from '@/domain/cart/cart';
import { discountPercent } from '@/domain/catalogue/run-catalogue-query';
import type { CatalogueProduct } from '@/domain/catalogue/catalogue-product';
import { useCategories, useProduct, useRelatedProducts } from '../../catalogue/catalogue-queries';
import { AddToCartButton } from '../../components/add-to-cart-button';
import { FavoriteToggle } from '../../components/favorite-toggle';
import { FollowProductButton } from '../../notifications/follow-button';
import { PriceTag } from '../../components/price-tag';
import { ProductGrid } from '../../components/product-grid';
import { QuantityStepper } from '../../components/quantity-stepper';
import { useDocumentTitle } from '../../hooks/use-document-title';
import NotFoundPage from '../not-found-page';
import { ProductGallery } from './product-gallery';
import { paths } from '@/domain/site-paths';

function stockText(stock: number, inStock: boolean): string {
  if (!inStock || stock <= 0) return 'Rupture de stock';
  if (stock <= 5) return `Plus que ${stock} en stock`;
  return 'En stock, expédié sous 48 h';
}

export default function ProductPage() {
  const { slug = '' } = useParams();
  const { data: product, isPending, isError } = useProduct(slug);
  useDocumentTitle(product?.name ?? null);

  if (isPending) {
    return (
      <p className="loading" role="status">
        Chargement du produit…
      </p>
    );
  }
  if (isError) {
    return (
      <p className="field-error" role="alert">
        Ce produit n’a pas pu être chargé. Vérifiez votre connexion puis rechargez la page.
      </p>
    );
  }
  if (!product) return <NotFoundPage what="produit" />;
  // Keyed by product: the chosen quantity and photo start afresh on another product's page.
  return <ProductDetail key={product.id} product={product} />;
}

function ProductDetail({ product }: { product: CatalogueProduct }) {
  const { data: related } = useRelatedProducts(product);
  const { data: categories } = useCategories();
  const [quantity, setQuantity] = useState(1);
  const category = categories?.find((c) => c.slug === product.category);
  const available = product.inStock && product.stock > 0;
  const limit = lineLimitOf(product.stock);
  return (
    <>
      <nav aria-label="Fil d’Ariane" className="breadcrumb">
        <ol>
          <li>
            <Link to={paths.shop}>Boutique</Link>
          </li>
          {category && (
            <li>
              <Link to={paths.category(category.slug)}>{category.name}</Link>
            </li>
          )}
          <li aria-current="page">{product.name}</li>
        </ol>
      </nav>
      <article className="product-detail" aria-labelledby="titre-produit">
        <ProductGallery images={product.images} name={product.name} />
        <div className="product-detail__info">
          <h1 id="titre-produit">{product.name}</h1>
          <PriceTag product={product} large />
          {discountPercent(product) > 0 && (
            <p className="hint price__reference">Prix barré&nbsp;: prix de référence, le plus bas des 30&nbsp;jours avant la remise.</p>
          )}
          <p className={available ? 'stock stock--in' : 'stock stock--out'}>{stockText(product.stock, product.inStock)}</p>
          <p className="description">{product.description}</p>
          <div className="buy">
            {available && (
              <QuantityStepper label={product.name} value={quantity} max={limit} onChange={(wanted) => setQuantity(Math.max(1, Math.min(limit, wanted)))} />
            )}
            {available && quantity >= limit && (limit < product.stock || product.stock > 5) && (
              <p className="stock stock--in" role="status">
                {limit < product.stock ? `${limit} exemplaires au plus par commande.` : `Seulement ${product.stock} en stock.`}
              </p>
            )}
            <AddToCartButton product={product} quantity={available ? quantity : 1} />
            <FavoriteToggle product={product} />
          </div>
          {!available && <FollowProductButton productId={product.id} name={product.name} />}
        </div>
      </article>
      {related && related.length > 0 && (
        <section aria-labelledby="titre-similaires" className="related">
          <h2 id="titre-similaires">Vous aimerez aussi</h2>
          <ProductGrid products={related} />
        </section>
      )}
    </>
  );
}
