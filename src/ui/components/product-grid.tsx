import { useDeferredValue, useMemo } from 'react';
import type { CatalogueProduct } from '@/domain/catalogue/catalogue-product';
import { useCategories } from '../catalogue/catalogue-queries';
import { ProductCard, ProductCardSkeleton } from './product-card';

export function ProductGrid({
  products,
  loading = false,
  skeletons = 8,
  eager = 0,
}: {
  products: readonly CatalogueProduct[] | undefined;
  loading?: boolean;
  skeletons?: number;
  /** How many leading pictures to load at once (the first screenful). */
  eager?: number;
}) {
  const { data: categories } = useCategories();
  // The catalogue's answer arrives through a store update, which React renders at once, in
  // one piece: the cards (the heaviest part of a page) follow in a deferred pass instead,
  // which React renders in slices of a few milliseconds, so the page stays responsive.
  const shown = useDeferredValue(products);
  const cards = useMemo(() => {
    if (!shown) return null;
    const nameOf = (slug: string) => categories?.find((c) => c.slug === slug)?.name;
    return (
      <ul className="product-grid">
        {shown.map((product, index) => (
          <li key={product.id}>
            <ProductCard product={product} categoryName={nameOf(product.category)} priority={index < eager} />
          </li>
        ))}
      </ul>
    );
  }, [shown, categories, eager]);
  if (loading || !cards) {
    return (
      <div className="product-grid" role="status" aria-label="Chargement des produits">
        {Array.from({ length: skeletons }, (_, i) => (
          <ProductCardSkeleton key={i} />
        ))}
      </div>
    );
  }
  return cards;
}
