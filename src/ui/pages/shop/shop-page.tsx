import { useDeferredValue, useEffect, useMemo } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import { useCatalogueList, useCategories } from '../../catalogue/catalogue-queries';
import { ProductGrid } from '../../components/product-grid';
import { productCount } from '../../format/count';
import { useDocumentTitle } from '../../hooks/use-document-title';
import NotFoundPage from '../not-found-page';
import { failureMessage, isFailure } from '../../query/result-query';
import { FilterPanel, useNarrowScreen } from './filter-panel';
import { Pagination } from './pagination';
import { priceError, ShopFilters } from './shop-filters';
import { hasFilters, PARAM, queryFromParams, withoutFilters, withParam } from './shop-params';

/** `/boutique`, and `/categorie/:slug` (the same grid with its category fixed by the address). */
export default function ShopPage() {
  const { slug } = useParams();
  const [params, setParams] = useSearchParams();
  const narrow = useNarrowScreen();
  const query = useMemo(() => queryFromParams(params, slug), [params, slug]);
  // Typing stays fluid: the grid follows the search box one render behind when it has to.
  const deferredQuery = useDeferredValue(query);
  const { data: page, isPending, isError, error, isPlaceholderData, refetch } = useCatalogueList(deferredQuery);
  // The address names the page shown: past the last page (or not a page number), the last page
  // (or the first) shows, and the address says so.
  const shownPage = page && !isPlaceholderData && deferredQuery === query ? page.page : undefined;
  useEffect(() => {
    if (shownPage === undefined) return;
    const wanted = shownPage === 1 ? null : String(shownPage);
    if (params.get(PARAM.page) !== wanted) setParams(withParam(params, PARAM.page, wanted), { replace: true });
  }, [shownPage, params, setParams]);
  const { data: categories, isPending: categoriesPending } = useCategories();
  const category = slug ? categories?.find((c) => c.slug === slug) : undefined;
  const title = slug ? (category?.name ?? null) : 'Boutique';
  useDocumentTitle(title);

  if (slug && !categoriesPending && !category) return <NotFoundPage what="catégorie" />;

  const results = isPending || !page ? 'Recherche…' : productCount(page);
  const reset = hasFilters(params) && (
    <button
      type="button"
      className="link"
      onClick={() => {
        setParams(withoutFilters(params), { replace: true });
        // The button goes with the filters: the focus goes to the search box, not to the page's start.
        document.getElementById('recherche')?.focus();
      }}
    >
      Réinitialiser les filtres
    </button>
  );
  const filters = <ShopFilters query={query} showCategory={!slug} />;
  return (
    <section aria-labelledby="titre-boutique" className="shop">
      <h1 id="titre-boutique">{title ?? 'Catégorie'}</h1>
      {category && <p className="lead">{category.description}</p>}
      <FilterPanel results={results} wide={!narrow}>
        {filters}
        {narrow && reset}
      </FilterPanel>
      <div className="results-bar">
        <p className="results-count" role="status" aria-live="polite">
          {results}
        </p>
        {reset}
      </div>
      {isError && isFailure(error, 'search-too-long') ? (
        <p className="field-error" role="alert">
          {failureMessage(error, '')}
        </p>
      ) : isError ? (
        <p className="field-error" role="alert">
          Le catalogue n’a pas pu être chargé.{' '}
          <button type="button" className="link" onClick={() => refetch()}>
            Réessayer
          </button>
        </p>
      ) : page && page.items.length === 0 ? (
        <p className="empty">
          {/* Beside the price fields when they show; on a phone they are folded away. */}
          {(narrow && priceError(params, query)?.message) || 'Aucun produit ne correspond à ces critères. Essayez d’élargir la recherche.'}
        </p>
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
