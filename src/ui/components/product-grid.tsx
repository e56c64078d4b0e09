import type { CatalogueProduct } from '../../domain/catalogue/catalogue-product';
import { useCategories } from '../catalogue/catalogue-queries';
import { ProductCard, ProductCardSkeleton } from './product-card';

export function ProductGrid({ products, loading = false, skeletons = 8, eager = 0 }: {
  products: readonly CatalogueProduct[] | undefined;
  loading?: boolean;
  skeletons?: number;
  /** How many leading pictures to load at once (the first screenful). */
  eager?: number;
}) {
  const { data: categories } = useCategories();
  const nameOf = (slug: string) => categories?.find((c) => c.slug === slug)?.name;
  if (loading || !products) {
    return (
      <div className="product-grid" role="status" aria-label="Chargement des produits">
        {Array.from({ length: skeletons }, (_, i) => (
          <ProductCardSkeleton key={i} />
        ))}
      </div>
    );
  }
  return (
    <ul className="product-grid">
      {products.map((product, index) => (
        <li key={product.id}>
          <ProductCard product={product} categoryName={nameOf(product.category)} priority={index < eager} />
        </li>
      ))}
    </ul>
  );
}
