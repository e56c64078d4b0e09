import { Link, useSearchParams } from 'react-router-dom';
import { DEFAULT_PRODUCT_IMAGE } from '@/domain/constants';
import { useCatalogueList, useCategories } from '../../../catalogue/catalogue-queries';
import { productCount } from '../../../format/count';
import { formatPrice } from '@/domain/price-format';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { ADMIN_PARAM, adminQueryFromParams, stockFilterOf, withAdminParam } from './admin-products-params';
import { STOCK_FILTER_LABELS, STOCK_FILTERS, stockLevel } from './stock-level';
import { paths } from '@/domain/site-paths';

/** /admin/produits: the whole catalogue as shoppers see it, in a table, filtered from the address. */
export default function AdminProductsPage() {
  useDocumentTitle('Produits · Administration');
  const [params, setParams] = useSearchParams();
  const query = adminQueryFromParams(params);
  const list = useCatalogueList(query);
  const categories = useCategories();
  const categoryName = (slug: string) => categories.data?.find((c) => c.slug === slug)?.name ?? slug;
  const set = (key: string, value: string | null) => setParams(withAdminParam(params, key, value), { replace: true });
  const page = list.data?.page ?? 1;
  const pageCount = list.data?.pageCount ?? 1;
  const pageHref = (n: number) => `?${withAdminParam(params, ADMIN_PARAM.page, n === 1 ? null : String(n))}`;

  return (
    <section aria-labelledby="titre-produits">
      <div className="admin-heading">
        <h1 id="titre-produits">Produits</h1>
        <Link className="button-link" to={paths.adminNewProduct}>
          Nouveau produit
        </Link>
      </div>
      <form className="admin-filters" role="search" aria-label="Filtrer les produits" onSubmit={(e) => e.preventDefault()}>
        <label>
          Rechercher
          <input
            type="search"
            defaultValue={params.get(ADMIN_PARAM.text) ?? ''}
            onChange={(e) => set(ADMIN_PARAM.text, e.target.value.trim() === '' ? null : e.target.value)}
          />
        </label>
        <label>
          Catégorie
          <select value={params.get(ADMIN_PARAM.category) ?? ''} onChange={(e) => set(ADMIN_PARAM.category, e.target.value)}>
            <option value="">Toutes</option>
            {categories.data?.map((c) => (
              <option key={c.slug} value={c.slug}>
                {c.name}
              </option>
            ))}
          </select>
        </label>
        <label>
          Stock
          <select value={stockFilterOf(params) ?? ''} onChange={(e) => set(ADMIN_PARAM.stock, e.target.value)}>
            <option value="">{STOCK_FILTER_LABELS.tous}</option>
            {STOCK_FILTERS.map((f) => (
              <option key={f} value={f}>
                {STOCK_FILTER_LABELS[f]}
              </option>
            ))}
          </select>
        </label>
      </form>
      <p role="status" className="results-count">
        {list.isError ? 'Le catalogue est indisponible pour le moment.' : list.data ? productCount(list.data) : 'Recherche…'}
      </p>
      {list.data && list.data.items.length > 0 && (
        <div className="admin-table-wrap" role="region" aria-label="Tableau des produits">
          <table className="admin-table admin-table--cards">
            <caption className="visually-hidden">
              Produits, page {page} sur {pageCount}
            </caption>
            <thead>
              <tr>
                <th scope="col">Produit</th>
                <th scope="col">Catégorie</th>
                <th scope="col">Prix</th>
                <th scope="col">Stock</th>
                <th scope="col">Statut</th>
              </tr>
            </thead>
            <tbody>
              {list.data.items.map((product) => (
                <tr key={product.id} data-testid="admin-product-row">
                  <th scope="row">
                    <span className="admin-product">
                      <img src={product.images[0] ?? DEFAULT_PRODUCT_IMAGE} alt="" width={40} height={40} loading="lazy" />
                      <Link to={paths.adminProduct(product.id)}>{product.name}</Link>
                    </span>
                  </th>
                  <td data-label="Catégorie">{categoryName(product.category)}</td>
                  <td data-label="Prix">{formatPrice(product.price)}</td>
                  <td data-label="Stock">{product.stock.toLocaleString('fr-FR')}</td>
                  <td data-label="Statut">{STOCK_FILTER_LABELS[stockLevel(product)]}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {list.data?.total === 0 && <p className="empty">Aucun produit ne correspond à ces filtres.</p>}
      {pageCount > 1 && (
        <nav className="pagination" aria-label="Pagination">
          {page > 1 && <Link to={pageHref(page - 1)}>Page précédente</Link>}
          <span>
            Page {page} sur {pageCount}
          </span>
          {page < pageCount && <Link to={pageHref(page + 1)}>Page suivante</Link>}
        </nav>
      )}
    </section>
  );
}
