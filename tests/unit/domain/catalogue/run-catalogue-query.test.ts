import { describe, expect, it } from 'vitest';
import type { Category, CatalogueProduct } from '@/domain/catalogue/catalogue-product';
import { DEFAULT_PAGE_SIZE, type CatalogueQuery } from '@/domain/catalogue/catalogue-query';
import { discountPercent, normalizeSearchText, runCatalogueQuery } from '@/domain/catalogue/run-catalogue-query';

type Required = Pick<CatalogueProduct, 'id' | 'name' | 'price'>;

function product(fields: Required & Partial<CatalogueProduct>): CatalogueProduct {
  return {
    slug: fields.id,
    description: '',
    images: [],
    category: 'cuisine',
    inStock: true,
    stock: 10,
    tags: [],
    createdAt: '2026-01-01T10:00:00.000Z',
    vatRate: 2000,
    ...fields,
  };
}

const CATEGORIES: readonly Category[] = [
  { slug: 'cuisine', name: 'Cuisine', description: '', image: '/c.svg', vatRate: 2000 },
  { slug: 'epicerie-fine', name: 'Épicerie fine', description: '', image: '/e.svg', vatRate: 550 },
];

const THEIERE = product({
  id: 'theiere',
  name: 'Théière en fonte',
  price: 54.9,
  originalPrice: 69,
  description: 'Garde le thé chaud.',
  tags: ['thé', 'fonte'],
  createdAt: '2025-03-01T10:00:00.000Z',
});
const BOL = product({ id: 'bol', name: 'Bol en grès bleu', price: 18.9, description: 'Un bol pour le thé du matin.' });
const HUILE = product({
  id: 'huile',
  name: 'Huile d’olive de Provence',
  price: 18.9,
  category: 'epicerie-fine',
  originalPrice: 21,
  createdAt: '2026-02-01T10:00:00.000Z',
});
const MIEL = product({ id: 'miel', name: 'Miel de lavande', price: 11, category: 'epicerie-fine', inStock: false, stock: 0 });
const ALL = [THEIERE, BOL, HUILE, MIEL];

const ids = (query: CatalogueQuery, products: readonly CatalogueProduct[] = ALL) => runCatalogueQuery(products, query, CATEGORIES).items.map((p) => p.id);

describe('runCatalogueQuery', () => {
  it('search ignores accents and case: « theiere » finds « Théière »', () => {
    expect(ids({ text: 'theiere' })).toEqual(['theiere']);
    expect(ids({ text: 'THÉIÈRE' })).toEqual(['theiere']);
  });

  it('search matches the start of words in name, tags, description and category name', () => {
    // « théi » is also one letter from « thé » (the bol's description): found after the exact match.
    expect(ids({ text: 'théi' })).toEqual(['theiere', 'bol']);
    expect(ids({ text: 'fon' })).toEqual(['theiere']);
    expect(ids({ text: 'matin' })).toEqual(['bol']);
    expect(ids({ text: 'epicerie' }).sort()).toEqual(['huile', 'miel']);
    expect(ids({ text: 'eiere' })).toEqual([]);
  });

  it('a word of 4 letters or more with one wrong, missing or extra letter still finds its product', () => {
    expect(ids({ text: 'theire' })).toEqual(['theiere']); // missing
    expect(ids({ text: 'théiére' })).toEqual(['theiere']); // accents ignored
    expect(ids({ text: 'theiiere' })).toEqual(['theiere']); // extra
    expect(ids({ text: 'theiare' })).toEqual(['theiere']); // wrong
    expect(ids({ text: 'lavonde' })).toEqual(['miel']);
    expect(ids({ text: 'thiire' })).toEqual([]); // two letters
    expect(ids({ text: 'bpl' })).toEqual([]); // 3 letters: no letter forgiven
  });

  it('exact words rank before close ones, whatever the field', () => {
    const exactInDescription = product({ id: 'exact', name: 'Plateau', price: 10, description: 'Pour la fonte.', createdAt: '2020-01-01T00:00:00.000Z' });
    const closeInName = product({ id: 'close', name: 'Fonce', price: 10, createdAt: '2026-06-01T00:00:00.000Z' });
    expect(ids({ text: 'fonte' }, [closeInName, exactInDescription])).toEqual(['exact', 'close']);
  });

  it('search splits words on punctuation and apostrophes: « olive » finds « Huile d’olive »', () => {
    expect(ids({ text: 'olive' })).toEqual(['huile']);
    expect(ids({ text: 'd’olive, provence!' })).toEqual(['huile']);
  });

  it('every word of the search must match', () => {
    expect(ids({ text: 'bol bleu' })).toEqual(['bol']);
    expect(ids({ text: 'bol rouge' })).toEqual([]);
  });

  it('a search made only of spaces or punctuation filters nothing', () => {
    expect(runCatalogueQuery(ALL, { text: ' ?! ' }).total).toBe(4);
  });

  it('without categories, the category slug stands in for its name', () => {
    expect(runCatalogueQuery(ALL, { text: 'epicerie fine' }).total).toBe(2);
  });

  it('normalizeSearchText lowers case, removes accents, spells out ligatures and turns punctuation into spaces', () => {
    expect(normalizeSearchText('  Œuf à la Coque — « Spécial » !  ')).toBe('oeuf a la coque special');
    expect(normalizeSearchText('L’Été-Indien')).toBe('l ete indien');
  });

  it('category filter keeps only the products of that category slug', () => {
    expect(ids({ category: 'epicerie-fine' })).toEqual(['huile', 'miel']);
    expect(ids({ category: 'inconnue' })).toEqual([]);
  });

  it('price range is inclusive at both ends', () => {
    expect(ids({ minPrice: 18.9, maxPrice: 54.9, sort: 'prix-croissant' })).toEqual(['bol', 'huile', 'theiere']);
    expect(ids({ minPrice: 19 })).toEqual(['theiere']);
    expect(ids({ maxPrice: 11 })).toEqual(['miel']);
  });

  it('in-stock only drops products flagged out of stock or with no units left', () => {
    const empty = product({ id: 'vide', name: 'Vide', price: 5, inStock: true, stock: 0 });
    expect(ids({ inStockOnly: true }, [...ALL, empty]).sort()).toEqual(['bol', 'huile', 'theiere']);
  });

  it('maxStock keeps products with at most that many units: 0 gives the sold out, with in-stock only the low stock', () => {
    const low = [
      product({ id: 'un', name: 'Un', price: 5, stock: 1 }),
      product({ id: 'cinq', name: 'Cinq', price: 5, stock: 5 }),
      product({ id: 'six', name: 'Six', price: 5, stock: 6 }),
    ];
    const all = [...ALL, ...low];
    expect(ids({ maxStock: 0 }, all)).toEqual(['miel']);
    expect(ids({ maxStock: 5 }, all).sort()).toEqual(['cinq', 'miel', 'un']);
    expect(ids({ maxStock: 5, inStockOnly: true }, all).sort()).toEqual(['cinq', 'un']);
    expect(ids({ maxStock: 10 }, all)).toHaveLength(all.length);
    expect(ids({ maxStock: Number.NaN }, all)).toHaveLength(all.length);
    expect(ids({ maxStock: -1 }, all)).toHaveLength(all.length);
  });

  it('on-sale only keeps products whose original price is above their price', () => {
    const same = product({ id: 'meme-prix', name: 'Même prix', price: 10, originalPrice: 10 });
    expect(ids({ onSaleOnly: true }, [...ALL, same]).sort()).toEqual(['huile', 'theiere']);
  });

  it('filters combine', () => {
    expect(ids({ text: 'huile', category: 'epicerie-fine', maxPrice: 20, onSaleOnly: true, inStockOnly: true })).toEqual(['huile']);
  });

  it('sort prix-croissant: by price, then by name in French order', () => {
    const echarpe = product({ id: 'echarpe', name: 'Écharpe', price: 18.9 });
    const zebre = product({ id: 'zebre', name: 'Zèbre', price: 18.9 });
    expect(ids({ sort: 'prix-croissant' }, [...ALL, zebre, echarpe])).toEqual(['miel', 'bol', 'echarpe', 'huile', 'zebre', 'theiere']);
  });

  it("names at the same price follow Intl.Collator('fr') exactly, accents, case and punctuation included", () => {
    const names = [
      'Zèbre',
      'Écharpe',
      'eclair',
      'Éclair',
      'École',
      'ecole',
      'Œuf',
      'oeuvre',
      'oeuf',
      'Été indien',
      'Ete',
      'a-b',
      'ab',
      'a b',
      'a’b',
      'Çà',
      'ca',
      'cote',
      'côte',
      'coté',
      'côté',
      'Bol 2',
      'Bol 10',
      'bol',
      'Bol',
      'L’été',
      'Le thé',
      'Lé',
      '10 ans',
      'Ångström',
      'Ü',
      'u',
      'œil',
      'oeil',
      'tapis-rouge',
      'tapis rouge',
      'tapisserie',
    ];
    const products = names.map((name, i) => product({ id: `n${i}`, name, price: 5 }));
    const sorted = runCatalogueQuery(products, { sort: 'prix-croissant', pageSize: 100 }).items.map((p) => p.name);
    expect(sorted).toEqual([...names].sort(new Intl.Collator('fr').compare));
  });

  it('sort prix-decroissant: by price from highest, then by name in French order', () => {
    const echarpe = product({ id: 'echarpe', name: 'Écharpe', price: 18.9 });
    expect(ids({ sort: 'prix-decroissant' }, [...ALL, echarpe])).toEqual(['theiere', 'bol', 'echarpe', 'huile', 'miel']);
  });

  it('sort nouveautes: newest first', () => {
    expect(ids({ sort: 'nouveautes' })).toEqual(['huile', 'bol', 'miel', 'theiere']);
  });

  it('sort remises: largest discount first', () => {
    // Théière −20 %, huile −10 %, the others none.
    expect(ids({ sort: 'remises' }).slice(0, 2)).toEqual(['theiere', 'huile']);
  });

  it('sort pertinence ranks name hits first, then tags, then description; ties by newest', () => {
    const inName = product({ id: 'nom', name: 'Thé vert', price: 9, createdAt: '2025-01-01T00:00:00.000Z' });
    const inTags = product({ id: 'tag', name: 'Tasse', price: 9, tags: ['thé'], createdAt: '2026-06-01T00:00:00.000Z' });
    const inText = product({ id: 'texte', name: 'Bouilloire', price: 9, description: 'Pour le thé.', createdAt: '2026-09-01T00:00:00.000Z' });
    const olderInText = product({ id: 'texte-ancien', name: 'Plateau', price: 9, description: 'Thé.', createdAt: '2025-09-01T00:00:00.000Z' });
    expect(ids({ text: 'the', sort: 'pertinence' }, [olderInText, inText, inTags, inName])).toEqual(['nom', 'tag', 'texte', 'texte-ancien']);
  });

  it('pertinence is the default order, and without a search it shows the newest first', () => {
    expect(ids({})).toEqual(ids({ sort: 'nouveautes' }));
  });

  it('paging: pageSize items from the 1-based page, with total and pageCount', () => {
    const many = Array.from({ length: 25 }, (_, i) =>
      product({ id: `p${String(i).padStart(2, '0')}`, name: `Produit ${String(i).padStart(2, '0')}`, price: i + 1 }),
    );
    const page = runCatalogueQuery(many, { sort: 'prix-croissant', page: 3, pageSize: 10 });
    expect(page).toMatchObject({ total: 25, page: 3, pageSize: 10, pageCount: 3 });
    expect(page.items.map((p) => p.id)).toEqual(['p20', 'p21', 'p22', 'p23', 'p24']);
    expect(runCatalogueQuery(many, {})).toMatchObject({ pageSize: DEFAULT_PAGE_SIZE, pageCount: 2 });
  });

  it('paging: the page is clamped to [1, pageCount], and an empty result still has one page', () => {
    expect(runCatalogueQuery(ALL, { page: 9, pageSize: 3 })).toMatchObject({ page: 2, pageCount: 2 });
    expect(runCatalogueQuery(ALL, { page: 0, pageSize: 3 })).toMatchObject({ page: 1 });
    expect(runCatalogueQuery(ALL, { page: 1.7, pageSize: 2.9 })).toMatchObject({ page: 1, pageSize: 2 });
    const none = runCatalogueQuery(ALL, { text: 'introuvable', page: 4 });
    expect(none).toEqual({ items: [], total: 0, totalIsExact: true, page: 1, pageSize: DEFAULT_PAGE_SIZE, pageCount: 1 });
  });

  it('invalid numbers (NaN, infinite, negative) are ignored, not thrown', () => {
    const query: CatalogueQuery = { minPrice: Number.NaN, maxPrice: -5, page: Number.NaN, pageSize: -2 };
    expect(runCatalogueQuery(ALL, query)).toMatchObject({ total: 4, page: 1, pageSize: DEFAULT_PAGE_SIZE });
    const infinite = runCatalogueQuery(ALL, { minPrice: -Infinity, maxPrice: Infinity, pageSize: Infinity });
    expect(infinite).toMatchObject({ total: 4, pageSize: DEFAULT_PAGE_SIZE });
    expect(runCatalogueQuery(ALL, { pageSize: 0 }).pageSize).toBe(DEFAULT_PAGE_SIZE);
  });

  it('never changes the products it is given', () => {
    const products = [...ALL];
    runCatalogueQuery(products, { sort: 'prix-croissant' });
    expect(products).toEqual(ALL);
  });
});

describe('discountPercent', () => {
  it('is the discount from the original price, rounded to a whole percent', () => {
    expect(discountPercent({ price: 54.9, originalPrice: 69 })).toBe(20);
    expect(discountPercent({ price: 18.9, originalPrice: 21 })).toBe(10);
    expect(discountPercent({ price: 24.9, originalPrice: 49.9 })).toBe(50);
    expect(discountPercent({ price: 2, originalPrice: 3 })).toBe(33);
  });

  it('is 0 without an original price above the price', () => {
    expect(discountPercent({ price: 10 })).toBe(0);
    expect(discountPercent({ price: 10, originalPrice: 10 })).toBe(0);
    expect(discountPercent({ price: 10, originalPrice: 8 })).toBe(0);
    expect(discountPercent({ price: Number.NaN, originalPrice: 8 })).toBe(0);
  });
});
