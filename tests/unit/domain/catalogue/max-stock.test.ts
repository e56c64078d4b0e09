import { describe, expect, it } from 'vitest';
import { FAKE_PRODUCTS } from '../../../fakes/fake-catalogue';
import { runCatalogueQuery } from '@/domain/catalogue/run-catalogue-query';

// The back office's stock filters (« épuisé »: maxStock 0; « stock faible »: in stock, maxStock 4).
// FAKE_PRODUCTS: stocks 10, 10, 3 and 0.
describe('CatalogueQuery.maxStock', () => {
  const names = (query: Parameters<typeof runCatalogueQuery>[1]) => runCatalogueQuery(FAKE_PRODUCTS, query).items.map((p) => p.name);

  it('keeps only the products with at most that many units', () => {
    expect(names({ maxStock: 0 })).toEqual(['Bougie parfumée figuier']);
    expect(names({ maxStock: 3, sort: 'prix-croissant' })).toEqual(['Carnet en lin', 'Bougie parfumée figuier']);
    expect(names({ maxStock: 4, inStockOnly: true })).toEqual(['Carnet en lin']);
  });

  it('ignores a value that is not a usable number', () => {
    expect(names({ maxStock: Number.NaN })).toHaveLength(4);
    expect(names({ maxStock: -1 })).toHaveLength(4);
  });
});
