import { useDeferredValue, useMemo } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import { useCatalogueList, useCategories } from '../../catalogue/catalogue-queries';
import { ProductGrid } from '../../components/product-grid';
import { useDocumentTitle } from '../../hooks/use-document-title';
import NotFoundPage from '../not-found-page';
import { Pagination } from './pagination';
import { ShopFilters } from './shop-filters';
import { queryFromParams } from './shop-params';

/** `/boutique`, and `/categorie/:slug` (the same grid with its category fixed by the address). */
export default function ShopPage() {
  const { slug } = useParams();
  const [params] = useSearchParams();
  const query = useMemo(() => queryFromParams(params, slug), [params, slug]);
  // Typing stays fluid: the grid follows the search box one render behind when it has to.
  const deferredQuery = useDeferredValue(query);
  const { data: page, isPending, isError, refetch } = useCatalogueList(deferredQuery);
  const { data: categories, isPending: categoriesPending } = useCategories();
  const category = slug ? categories?.find((c) => c.slug === slug) : undefined;
  const title = slug ? (category?.name ?? null) : 'Boutique';
  useDocumentTitle(title);

  if (slug && !categoriesPending && !category) return <NotFoundPage what="catégorie" />;

  const total = page?.total ?? 0;
  return (
    <section aria-labelledby="titre-boutique" className="shop">
      <h1 id="titre-boutique">{title ?? 'Catégorie'}</h1>
      {category && <p className="lead">{category.description}</p>}
      <ShopFilters query={query} showCategory={!slug} />
      <p className="results-count" role="status" aria-live="polite">
        {isPending ? 'Recherche…' : `${total} produit${total > 1 ? 's' : ''}`}
      </p>
      {isError ? (
        <p className="field-error" role="alert">
          Le catalogue n’a pas pu être chargé.{' '}
          <button type="button" className="link" onClick={() => refetch()}>
            Réessayer
          </button>
        </p>
      ) : page && page.items.length === 0 ? (
        <p className="empty">Aucun produit ne correspond à ces critères. Essayez d’élargir la recherche.</p>
      ) : (
        <>
          <h2 className="visually-hidden">Résultats</h2>
          <ProductGrid products={page?.items} loading={isPending} eager={2} />
        </>
      )}
      {page && <Pagination page={page.page} pageCount={page.pageCount} />}
    </section>
  );
}
