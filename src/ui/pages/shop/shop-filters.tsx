import { useLayoutEffect, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import { SORT_LABELS, SORT_ORDERS, type CatalogueQuery } from '@/domain/catalogue/catalogue-query';
import { useCategories } from '../../catalogue/catalogue-queries';
import { formatPrice } from '@/domain/price-format';
import { PARAM, withParam } from './shop-params';
import { useBrowserStateKnown } from '../../hooks/use-snapshot';

const PRICE_FIELDS = [
  { param: PARAM.minPrice, key: 'minPrice', message: 'Le prix minimum doit être un montant positif, par exemple 10\u00a0: il n’est pas pris en compte.' },
  { param: PARAM.maxPrice, key: 'maxPrice', message: 'Le prix maximum doit être un montant positif, par exemple 50\u00a0: il n’est pas pris en compte.' },
] as const;

/**
 * What is wrong with the price fields as the address gives them: a value that is not a price
 * (ignored, and said so), or a minimum above the maximum (nothing can match); null when all is well.
 */
export function priceError(params: URLSearchParams, query: CatalogueQuery): { message: string; fields: readonly string[] } | null {
  const ignored = PRICE_FIELDS.filter(({ param, key }) => (params.get(param) ?? '').trim() !== '' && query[key] === undefined);
  if (ignored.length > 0) return { message: ignored.map((field) => field.message).join(' '), fields: ignored.map((field) => field.param) };
  const { minPrice, maxPrice } = query;
  return minPrice !== undefined && maxPrice !== undefined && minPrice > maxPrice
    ? {
        message: `Le prix minimum (${formatPrice(minPrice)}) dépasse le prix maximum (${formatPrice(maxPrice)})\u00a0: aucun produit ne peut correspondre.`,
        fields: [PARAM.minPrice, PARAM.maxPrice],
      }
    : null;
}

export function ShopFilters({ query, showCategory }: { query: CatalogueQuery; showCategory: boolean }) {
  const [params, setParams] = useSearchParams();
  const { data: categories } = useCategories();
  // A prerendered page's fields take typing once the shop has taken the page over (a search
  // typed before would show without being acted on).
  const editable = useBrowserStateKnown();
  // The router applies an address change after the event that asked for it: two changes in a
  // row (a quick shopper, autofill) must build on each other, not both on the last render's
  // address, or the second would undo the first.
  const latest = useRef(params);
  useLayoutEffect(() => {
    latest.current = params;
  }, [params]);
  const set = (key: string, value: string | null) => {
    const next = withParam(latest.current, key, value);
    latest.current = next;
    // flushSync: the inputs show the address, so it must change with the keystroke, not in a
    // later transition (a controlled input would otherwise lose characters typed meanwhile).
    // replace: the results change under the shopper's eyes, the page stays where it is (ScrollPosition).
    setParams(next, { replace: true, flushSync: true });
  };
  const error = priceError(params, query);
  const invalidProps = (param: string) => (error?.fields.includes(param) ? { 'aria-invalid': true, 'aria-describedby': 'prix-erreur' } : {});

  return (
    <form className="filters" role="search" aria-label="Filtrer les produits" onSubmit={(e) => e.preventDefault()}>
      <div className="filters__search">
        <label htmlFor="recherche">Rechercher un produit</label>
        <input
          id="recherche"
          type="search"
          placeholder="Théière, plaid, carnet…"
          value={params.get(PARAM.text) ?? ''}
          onChange={(e) => set(PARAM.text, e.target.value)}
          readOnly={!editable}
          autoComplete="off"
        />
      </div>
      {showCategory && (
        <div>
          <label htmlFor="filtre-categorie">Catégorie</label>
          <select id="filtre-categorie" value={query.category ?? ''} disabled={!editable} onChange={(e) => set(PARAM.category, e.target.value)}>
            <option value="">Toutes les catégories</option>
            {categories?.map((category) => (
              <option key={category.slug} value={category.slug}>
                {category.name}
              </option>
            ))}
          </select>
        </div>
      )}
      <fieldset className="filters__price">
        <legend>Prix (€)</legend>
        <label htmlFor="prix-min">Minimum</label>
        <input
          id="prix-min"
          type="number"
          inputMode="decimal"
          min={0}
          step={1}
          value={params.get(PARAM.minPrice) ?? ''}
          onChange={(e) => set(PARAM.minPrice, e.target.value)}
          readOnly={!editable}
          {...invalidProps(PARAM.minPrice)}
        />
        <label htmlFor="prix-max">Maximum</label>
        <input
          id="prix-max"
          type="number"
          inputMode="decimal"
          min={0}
          step={1}
          value={params.get(PARAM.maxPrice) ?? ''}
          onChange={(e) => set(PARAM.maxPrice, e.target.value)}
          readOnly={!editable}
          {...invalidProps(PARAM.maxPrice)}
        />
      </fieldset>
      <div className="filters__checks">
        <label>
          <input type="checkbox" checked={!!query.inStockOnly} onChange={(e) => set(PARAM.inStockOnly, e.target.checked ? '1' : null)} /> En stock uniquement
        </label>
        <label>
          <input type="checkbox" checked={!!query.onSaleOnly} onChange={(e) => set(PARAM.onSaleOnly, e.target.checked ? '1' : null)} /> En promotion
        </label>
      </div>
      <div>
        <label htmlFor="tri">Trier par</label>
        <select
          id="tri"
          value={query.sort ?? 'pertinence'}
          disabled={!editable}
          onChange={(e) => set(PARAM.sort, e.target.value === 'pertinence' ? null : e.target.value)}
        >
          {SORT_ORDERS.map((order) => (
            <option key={order} value={order}>
              {SORT_LABELS[order]}
            </option>
          ))}
        </select>
      </div>
      {error && (
        <p id="prix-erreur" className="field-error filters__error">
          {error.message}
        </p>
      )}
    </form>
  );
}
