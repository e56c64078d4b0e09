import { bench, describe } from 'vitest';
import bundled from '@/adapters/demo-catalogue/demo-catalogue.json';
import type { CatalogueProduct, Category } from '@/domain/catalogue/catalogue-product';
import type { CatalogueQuery } from '@/domain/catalogue/catalogue-query';
import { runCatalogueQuery } from '@/domain/catalogue/run-catalogue-query';

const SIZE = 10_000;
const FINISHES = ['naturel', 'grand modèle', 'édition limitée', 'coloris sable', 'coloris ardoise', 'petit format', 'lot familial'];

/** 10,000 products derived from the demo data: same texts with a finish, prices and dates spread. */
function manyProducts(): CatalogueProduct[] {
  const demo = bundled.products as readonly CatalogueProduct[];
  return Array.from({ length: SIZE }, (_, i) => {
    const base = demo[i % demo.length]!;
    const price = Math.round(base.price * (0.6 + ((i * 37) % 90) / 100) * 10) / 10;
    // Every fourth copy of the whole list is on sale (by round, not by index: 72 is a multiple of 4).
    const onSale = Math.floor(i / demo.length) % 4 === 0;
    return {
      ...base,
      id: `${base.id}-${i}`,
      slug: `${base.slug}-${i}`,
      name: `${base.name}, ${FINISHES[i % FINISHES.length]}`,
      price,
      originalPrice: onSale ? Math.round(price * 125) / 100 : undefined,
      createdAt: new Date(Date.UTC(2025, 0, 1) + i * 3_600_000).toISOString(),
    };
  });
}

const products = manyProducts();
const categories = bundled.categories as readonly Category[];
const query: CatalogueQuery = {
  text: 'bois',
  category: 'cuisine',
  minPrice: 10,
  maxPrice: 60,
  onSaleOnly: true,
  sort: 'prix-croissant',
  page: 1,
};

const check = runCatalogueQuery(products, query, categories);
if (check.total === 0) throw new Error('The benchmark query matches nothing: it would measure an empty result');

describe(`runCatalogueQuery over ${SIZE} products`, () => {
  bench('text + category + price range + on sale, sorted by price, page 1', () => {
    runCatalogueQuery(products, query, categories);
  });

  bench('no filter, sorted by newest, page 1', () => {
    runCatalogueQuery(products, { sort: 'nouveautes' }, categories);
  });
});
