import type { FocusEvent } from 'react';
import { Link } from 'react-router-dom';
import { useCatalogueList, useCategories } from '../../catalogue/catalogue-queries';
import { ProductGrid } from '../../components/product-grid';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { paths } from '@/domain/site-paths';

const SHOWCASE = 4;
const revealWhole = (e: FocusEvent<HTMLElement>) => e.currentTarget.scrollIntoView({ block: 'nearest', inline: 'nearest' });

export default function HomePage() {
  useDocumentTitle(null);
  const { data: categories } = useCategories();
  const promotions = useCatalogueList({ onSaleOnly: true, inStockOnly: true, sort: 'remises', pageSize: SHOWCASE });
  const newest = useCatalogueList({ sort: 'nouveautes', pageSize: SHOWCASE });

  return (
    <>
      <section className="hero" aria-labelledby="titre-accueil">
        <h1 id="titre-accueil">Des objets simples pour la maison</h1>
        <p>Céramique, textile, papeterie et épicerie fine, choisis avec soin et expédiés depuis la France.</p>
        <Link to={paths.shop} className="button-link">
          Découvrir la boutique
        </Link>
      </section>

      <section aria-labelledby="titre-categories">
        <h2 id="titre-categories">Nos catégories</h2>
        <ul className="category-list">
          {categories?.map((category) => (
            <li key={category.slug}>
              {/* Chrome leaves a half-shown card half-shown when Tab reaches it: bring it fully into view. */}
              <Link to={paths.category(category.slug)} className="category-tile" onFocus={revealWhole}>
                {/* Low: on screen, Chromium would otherwise fetch these small pictures at High, beside
                    the product picture that is the page's largest paint. */}
                <img src={category.image} alt="" width={160} height={120} loading="lazy" fetchPriority="low" />
                <span>{category.name}</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="titre-promotions">
        <h2 id="titre-promotions">Promotions</h2>
        <ProductGrid products={promotions.data?.items} loading={promotions.isPending} skeletons={SHOWCASE} eager={2} />
        <p>
          <Link to={`${paths.shop}?promo=1&tri=remises`}>Toutes les promotions</Link>
        </p>
      </section>

      <section aria-labelledby="titre-nouveautes">
        <h2 id="titre-nouveautes">Nouveautés</h2>
        <ProductGrid products={newest.data?.items} loading={newest.isPending} skeletons={SHOWCASE} />
        <p>
          <Link to={`${paths.shop}?tri=nouveautes`}>Toutes les nouveautés</Link>
        </p>
      </section>
    </>
  );
}
