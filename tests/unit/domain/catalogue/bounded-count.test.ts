import { describe, expect, it } from 'vitest';
import type { CatalogueProduct } from '@/domain/catalogue/catalogue-product';
import { boundedTotal, countLimit, COUNT_BOUND, DEFAULT_PAGE_SIZE } from '@/domain/catalogue/catalogue-query';
import { runCatalogueQuery } from '@/domain/catalogue/run-catalogue-query';

const products = (n: number): CatalogueProduct[] =>
  Array.from({ length: n }, (_, i) => ({
    id: String(i + 1),
    slug: `p${i + 1}`,
    name: `Produit ${i + 1}`,
    description: '',
    price: 10,
    images: [],
    category: 'cuisine',
    inStock: true,
    stock: 1,
    tags: [],
    createdAt: '2026-01-01T10:00:00.000Z',
    vatRate: 2000,
  }));

describe('a count the shopper reads is exact up to 1,000 products, « plus de » beyond', () => {
  it('counts exactly up to 1,000 (COUNT_BOUND) and says « more than 1,000 » past it', () => {
    expect(COUNT_BOUND).toBe(1000);
    expect(runCatalogueQuery(products(1000), {})).toMatchObject({ total: 1000, totalIsExact: true, pageCount: Math.ceil(1000 / DEFAULT_PAGE_SIZE) });
    // One product more: the count stops, and one page more than the bound's is known to follow.
    expect(runCatalogueQuery(products(1001), {})).toMatchObject({ total: 1000, totalIsExact: false, pageCount: Math.ceil(1001 / DEFAULT_PAGE_SIZE) });
    expect(runCatalogueQuery(products(5000), {})).toMatchObject({ total: 1000, totalIsExact: false });
  });

  it('counts to the end of a page asked past the bound, so the pages after it are still offered', () => {
    expect(countLimit({ page: 1, pageSize: 24 })).toBe(1000);
    expect(countLimit({ page: 42, pageSize: 24 })).toBe(1008);
    const page50 = runCatalogueQuery(products(5000), { page: 50, pageSize: 24 });
    expect(page50).toMatchObject({ page: 50, total: 1200, totalIsExact: false, pageCount: 51 });
    expect(page50.items[0]?.id).toBeDefined();
    // The last page is exact again: nothing lies past it.
    expect(runCatalogueQuery(products(5000), { page: 209, pageSize: 24 })).toMatchObject({ page: 209, total: 5000, totalIsExact: true, pageCount: 209 });
    // Past the last page: the last one, as before.
    expect(runCatalogueQuery(products(1500), { page: 300, pageSize: 24 })).toMatchObject({ page: 63, total: 1500, totalIsExact: true });
  });

  it('reads a count of `limit + 1` as « more than limit », and anything up to limit as it is', () => {
    expect(boundedTotal(0, 1000)).toEqual({ total: 0, totalIsExact: true });
    expect(boundedTotal(1000, 1000)).toEqual({ total: 1000, totalIsExact: true });
    expect(boundedTotal(1001, 1000)).toEqual({ total: 1000, totalIsExact: false });
  });
});
