import { existsSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DemoCatalogue } from '@/adapters/demo-catalogue/demo-catalogue';
import { SupabaseCatalogue } from '@/adapters/supabase/supabase-catalogue';
import type { CatalogueProduct } from '@/domain/catalogue/catalogue-product';
import { referencePrice } from '@/domain/catalogue/price-history';
import { DEFAULT_PAGE_SIZE, SORT_ORDERS, type CatalogueQuery } from '@/domain/catalogue/catalogue-query';
import { NETWORK_FAILURE_MESSAGE } from '@/domain/backend-error';
import { fail, ok } from '@/domain/result';
import { isVatRate } from '@/domain/vat-rate';
import type { Catalogue } from '@/ports/catalogue';
import { RecordingLogger } from '../fakes/recording-logger';
import { catalogueValues, type CatalogueValues } from '../support/catalogue-values';
import { readDemoCatalogueFile } from '../support/demo-catalogue-file';
import { startTestProject, testClient, type TestProject } from '../support/supabase/test-project';

const PUBLIC_DIR = fileURLToPath(new URL('../../public', import.meta.url));

/** Every product of the catalogue, page after page, in the catalogue's default order. */
async function everyProduct(catalogue: CatalogueValues): Promise<CatalogueProduct[]> {
  const products: CatalogueProduct[] = [];
  for (let page = 1; ; page += 1) {
    const result = await catalogue.list({ page, pageSize: 50 });
    products.push(...result.items);
    if (page >= result.pageCount) return products;
  }
}

/** A catalogue that cannot reach its data (the network is down) until `reconnect`. */
interface Unreachable {
  catalogue: Catalogue;
  reconnect(): void;
}

/**
 * The Catalogue port's promises, for any adapter: `make` gives a fresh, ready catalogue,
 * `unreachable` one whose data cannot be reached until it is told to reconnect.
 */
function catalogueContract(name: string, make: (countBound?: number) => Catalogue | Promise<Catalogue>, unreachable: () => Unreachable): void {
  const create = async () => catalogueValues(await make());
  describe(`Catalogue contract: ${name}`, () => {
    it('refuses a search past 20 words or 200 characters with the shop’s code and French message, and answers one at the limit', async () => {
      const catalogue = await make();
      const tooLong = fail('search-too-long', 'Recherche trop longue\u00a0: 20 mots et 200 caractères au plus.');
      expect(await catalogue.list({ text: Array.from({ length: 21 }, (_, i) => `mot${i}`).join(' ') })).toEqual(tooLong);
      expect(await catalogue.list({ text: 'a'.repeat(201) })).toEqual(tooLong);
      expect(await catalogue.list({ text: Array.from({ length: 100_000 }, () => 'a').join(' ') })).toEqual(tooLong);
      expect(await catalogue.list({ text: Array.from({ length: 20 }, () => 'the').join(' ') })).toMatchObject({ ok: true });
      expect(await catalogue.list({ text: 'a'.repeat(200) })).toMatchObject({ ok: true });
    });

    it('forgives one wrong, missing or extra letter, ignores accents and case, matches prefixes, and ranks exact words first', async () => {
      const catalogue = await create();
      const first = async (text: string) => (await catalogue.list({ text })).items[0]?.name;
      for (const text of ['theire', 'THÉIÉRE', 'théiére', 'theiiere', 'theiare kyoto', 'théi', 'kyo', 'Kyoto fon']) {
        expect(await first(text), text).toBe('Théière en fonte Kyoto');
      }
      expect((await catalogue.list({ text: 'thiire' })).items).toEqual([]);
      // « fonte » in a name (the teapot, the casserole) before any product found by a word one letter away.
      const fonte = (await catalogue.list({ text: 'fonte' })).items.map((p) => p.name);
      expect(
        fonte.slice(0, 2).every((name) => /fonte/.test(name)),
        fonte.join(', '),
      ).toBe(true);
    });

    it('counts exactly up to its bound and says « more than the bound » past it, counting to the end of a page asked further', async () => {
      // A bound of 10 (COUNT_BOUND is 1,000): the demo's 72 products are past it.
      const catalogue = catalogueValues(await make(10));
      const all = await catalogue.list({ pageSize: 4 });
      expect(all).toMatchObject({ total: 10, totalIsExact: false, page: 1, pageCount: 3 });
      expect(all.items).toHaveLength(4);
      // Page 5 of 4: counted to 20, more follow.
      expect(await catalogue.list({ pageSize: 4, page: 5 })).toMatchObject({ total: 20, totalIsExact: false, page: 5, pageCount: 6 });
      // The last page: exact, the whole catalogue.
      const last = await catalogue.list({ pageSize: 4, page: 18 });
      expect(last).toMatchObject({ total: 72, totalIsExact: true, page: 18, pageCount: 18 });
      // Exact up to the bound: the category « textile » and one product's search.
      const textile = await catalogue.list({ category: 'textile', pageSize: 4 });
      expect(textile.totalIsExact, String(textile.total)).toBe(textile.total <= 10);
      expect(await catalogue.list({ text: 'theiere kyoto' })).toMatchObject({ total: 1, totalIsExact: true });
      expect(await catalogue.list({ text: 'introuvable' })).toMatchObject({ total: 0, totalIsExact: true, pageCount: 1 });
      // With the shop's bound, the demo's 72 are counted exactly.
      expect(await (await create()).list({ pageSize: 1 })).toMatchObject({ total: 72, totalIsExact: true, pageCount: 72 });
    });

    it('answers every question with a Result: ok(null) for an unknown slug, not a failure', async () => {
      const catalogue = await make();
      expect(await catalogue.getBySlug('produit-qui-n-existe-pas')).toEqual(ok(null));
      expect(await catalogue.categories()).toMatchObject({ ok: true });
      const page = await catalogue.list({ pageSize: 1 });
      expect(page).toMatchObject({ ok: true, value: { page: 1, pageSize: 1 } });
      const [product] = page.ok ? page.value.items : [];
      expect(await catalogue.related(product!, 1)).toMatchObject({ ok: true, value: [expect.anything()] });
    });

    it('answers `network` with the French message when its data cannot be reached, never a rejection, and answers again once it can', async () => {
      const [product] = (await (await create()).list({ pageSize: 1 })).items;
      const { catalogue, reconnect } = unreachable();
      const network = fail('network', NETWORK_FAILURE_MESSAGE);
      try {
        expect(await catalogue.list({})).toEqual(network);
        expect(await catalogue.getBySlug(product!.slug)).toEqual(network);
        expect(await catalogue.categories()).toEqual(network);
        expect(await catalogue.related(product!, 4)).toEqual(network);
      } finally {
        reconnect();
      }
      // The failure does not stick: the next call asks again.
      expect(await catalogue.getBySlug(product!.slug)).toEqual(ok(product));
      // On Supabase, postgrest-js retries each failed read itself, after 1, 2 and 4 s: about 21 s of
      // waiting here, whatever the machine's speed; 60 s keeps the test under half its timeout.
    }, 60_000);

    it('has at least 6 categories, each with a unique slug, a name, a description and an image', async () => {
      const categories = await (await create()).categories();
      expect(categories.length).toBeGreaterThanOrEqual(6);
      expect(new Set(categories.map((c) => c.slug)).size).toBe(categories.length);
      for (const category of categories) {
        expect(category.name.trim()).not.toBe('');
        expect(category.description.trim()).not.toBe('');
        expect(category.image).not.toBe('');
      }
    });

    it('lists every product when the query asks nothing: at least 60, paged by DEFAULT_PAGE_SIZE', async () => {
      const catalogue = await create();
      const first = await catalogue.list({});
      expect(first.total).toBeGreaterThanOrEqual(60);
      expect(first).toMatchObject({ page: 1, pageSize: DEFAULT_PAGE_SIZE });
      expect(first.items).toHaveLength(DEFAULT_PAGE_SIZE);
      const all = await everyProduct(catalogue);
      expect(all).toHaveLength(first.total);
      expect(new Set(all.map((p) => p.id)).size).toBe(first.total);
      expect(new Set(all.map((p) => p.slug)).size).toBe(first.total);
    });

    it('files every product under one of its categories', async () => {
      const catalogue = await create();
      const slugs = new Set((await catalogue.categories()).map((c) => c.slug));
      for (const product of await everyProduct(catalogue)) expect(slugs).toContain(product.category);
    });

    it('getBySlug gives back each listed product', async () => {
      const catalogue = await create();
      for (const product of await everyProduct(catalogue)) {
        expect(await catalogue.getBySlug(product.slug)).toEqual(product);
      }
    });

    it('getBySlug answers null for an unknown slug, and is exact', async () => {
      const catalogue = await create();
      expect(await catalogue.getBySlug('produit-qui-n-existe-pas')).toBeNull();
      expect(await catalogue.getBySlug('')).toBeNull();
      const [product] = (await catalogue.list({ pageSize: 1 })).items;
      expect(await catalogue.getBySlug(product!.slug.toUpperCase())).toBeNull();
      expect(await catalogue.getBySlug(`${product!.slug}-`)).toBeNull();
    });

    it('a query by ids gives back the products it sells among them, and leaves out ids it does not know', async () => {
      const catalogue = await create();
      const all = await everyProduct(catalogue);
      const [first, second, third] = [all[0]!, all[all.length - 1]!, all[Math.floor(all.length / 2)]!];
      const ids = [second.id, 'produit-inconnu', first.id, '', '999999999', third.id];
      const found = (await catalogue.list({ ids, pageSize: ids.length })).items;
      const bySlug = (list: readonly CatalogueProduct[]) => [...list].sort((a, b) => a.slug.localeCompare(b.slug));
      expect(bySlug(found)).toEqual(bySlug([first, second, third]));
      expect((await catalogue.list({ ids: [], pageSize: 1 })).items).toEqual([]);
      expect((await catalogue.list({ ids: ['produit-inconnu', '-1', '1.5'], pageSize: 3 })).items).toEqual([]);
    });

    it('related never includes the product itself, prefers its category and honours the limit', async () => {
      const catalogue = await create();
      const all = await everyProduct(catalogue);
      for (const product of all) {
        const sameCategory = all.filter((p) => p.category === product.category && p.id !== product.id).length;
        const related = await catalogue.related(product, 4);
        expect(related).toHaveLength(Math.min(4, all.length - 1));
        expect(related.map((p) => p.id)).not.toContain(product.id);
        const leading = related.slice(0, Math.min(4, sameCategory));
        expect(leading.every((p) => p.category === product.category)).toBe(true);
      }
      expect(await catalogue.related(all[0]!, 0)).toEqual([]);
    });

    it('every product has pictures, and each local picture is a file under public/', async () => {
      for (const product of await everyProduct(await create())) {
        expect(product.images.length).toBeGreaterThan(0);
        for (const image of product.images) {
          if (/^https:\/\//.test(image)) continue;
          expect(image, product.slug).toMatch(/^\/[^/]/);
          const file = `${PUBLIC_DIR}${image}`;
          expect(existsSync(file) && statSync(file).isFile(), `${product.slug}: ${image}`).toBe(true);
        }
      }
    });

    it('every category image is a file under public/ (or an https address)', async () => {
      for (const category of await (await create()).categories()) {
        if (/^https:\/\//.test(category.image)) continue;
        expect(existsSync(`${PUBLIC_DIR}${category.image}`), category.image).toBe(true);
      }
    });

    it('every price is a finite positive number, and every original price is above the price', async () => {
      for (const product of await everyProduct(await create())) {
        expect(Number.isFinite(product.price) && product.price > 0, product.slug).toBe(true);
        if (product.originalPrice !== undefined) expect(product.originalPrice, product.slug).toBeGreaterThan(product.price);
      }
    });

    it('every product has one of the four VAT rates: its category’s (5,5 % for the épicerie fine), unless it has its own', async () => {
      const catalogue = await create();
      const categories = await catalogue.categories();
      expect(Object.fromEntries(categories.map((category) => [category.slug, category.vatRate]))).toMatchObject({ cuisine: 2000, 'epicerie-fine': 550 });
      const rates = new Map<string, number>();
      for (const product of await everyProduct(catalogue)) {
        expect(isVatRate(product.vatRate), product.slug).toBe(true);
        rates.set(product.slug, product.vatRate);
      }
      // Food at 5,5 %; caramels are confectionery, at 20 % although in the épicerie fine.
      expect(['chocolat-noir-70', 'tisane-du-soir-bio', 'theiere-en-fonte-kyoto', 'caramel-au-beurre-sale'].map((slug) => rates.get(slug))).toEqual([
        550, 550, 2000, 2000,
      ]);
      // A word search carries it too (catalogue_search on Supabase).
      expect((await catalogue.list({ text: 'chocolat noir' })).items.find((p) => p.slug === 'chocolat-noir-70')?.vatRate).toBe(550);
    });

    it('every out-of-stock product has stock 0, every stock is a whole number', async () => {
      for (const product of await everyProduct(await create())) {
        expect(Number.isInteger(product.stock) && product.stock >= 0, product.slug).toBe(true);
        if (!product.inStock) expect(product.stock, product.slug).toBe(0);
      }
    });
  });
}

catalogueContract(
  'DemoCatalogue',
  (countBound) => new DemoCatalogue(new RecordingLogger(), readDemoCatalogueFile, undefined, countBound),
  () => {
    let online = false;
    const source = async () => {
      if (!online) throw new TypeError('Failed to fetch');
      return readDemoCatalogueFile();
    };
    return { catalogue: new DemoCatalogue(new RecordingLogger(), source), reconnect: () => (online = true) };
  },
);

/** A product as the shopper sees it: everything but the id, which each store numbers its own way. */
function shown({ id: _id, ...product }: CatalogueProduct) {
  return product;
}

// The Supabase adapter over the real schema and seed (supabase/), through supabase-js and a
// fake PostgREST that checks each request's documented form and runs it in PostgreSQL as anon.
describe('Supabase catalogue', () => {
  let project: TestProject;
  beforeAll(async () => {
    project = await startTestProject();
  }, 120_000);
  afterAll(async () => {
    await project?.cluster.stop();
  });
  afterEach(() => {
    expect(project.fake.violations).toEqual([]);
  });

  catalogueContract(
    'SupabaseCatalogue',
    (countBound) => new SupabaseCatalogue(testClient(project.fake), new RecordingLogger(), undefined, countBound),
    () => {
      project.fake.offline = true;
      return { catalogue: new SupabaseCatalogue(testClient(project.fake), new RecordingLogger()), reconnect: () => (project.fake.offline = false) };
    },
  );

  const QUERIES: CatalogueQuery[] = [
    {},
    { page: 2 },
    { page: 99 },
    { page: 3 },
    { page: 4 },
    { pageSize: 7, page: 3 },
    { pageSize: 7, page: 11 },
    { pageSize: 7, page: 12 },
    { pageSize: 0, page: -2 },
    { pageSize: 2.5, page: 1.9 },
    { text: 'théière' },
    { text: 'theiere' },
    { text: 'Thé' },
    { text: 'THEIERE fonte' },
    { text: 'théière', page: 5 },
    { text: 'bol', pageSize: 2, page: 2 },
    { text: 'bol', pageSize: 2, page: 40 },
    { text: '  ,;  ' },
    { text: 'introuvable' },
    { text: 'introuvable', page: 3 },
    { text: 'bol', sort: 'prix-croissant' },
    { text: 'cuisine' },
    { text: 'theire' },
    { text: 'théiére fonte' },
    { text: 'cuisne' },
    { text: 'lin lave' },
    { text: 'the', category: 'epicerie-fine', pageSize: 3, page: 2 },
    { text: 'bol', category: 'categorie-inconnue' },
    { text: 'en', pageSize: 5, page: 3 },
    { text: 'linge lavé', sort: 'prix-croissant' },
    { text: 'chocolats' },
    { text: 'bougi' },
    { text: 'boujie parfumee' },
    { category: 'textile' },
    { category: 'textile', sort: 'prix-decroissant', pageSize: 5, page: 2 },
    { category: 'categorie-inconnue' },
    { category: 'categorie-inconnue', page: 2 },
    { minPrice: 10, maxPrice: 30 },
    { minPrice: 54.9, maxPrice: 54.9 },
    { maxPrice: -5 },
    { inStockOnly: true, sort: 'nouveautes' },
    { maxStock: 0 },
    { maxStock: 5, inStockOnly: true, sort: 'prix-croissant' },
    { maxStock: 9, sort: 'remises' },
    { maxStock: 5, category: 'cuisine', pageSize: 2, page: 2 },
    { maxStock: -1, pageSize: 5 },
    { onSaleOnly: true, sort: 'remises' },
    { onSaleOnly: true },
    { onSaleOnly: true, sort: 'prix-croissant', pageSize: 5, page: 2 },
    { onSaleOnly: true, text: 'fonte', sort: 'nouveautes' },
    { category: 'cuisine', minPrice: 5, maxPrice: 60, inStockOnly: true, onSaleOnly: true, text: 'gres', sort: 'prix-croissant' },
    ...SORT_ORDERS.map((sort) => ({ sort, pageSize: 50 })),
    ...SORT_ORDERS.map((sort) => ({ sort, pageSize: 10, page: 8 })),
    ...SORT_ORDERS.map((sort) => ({ sort, text: 'main' })),
  ];

  it.each(QUERIES.map((query) => [JSON.stringify(query), query] as const))(
    'gives the same page as the demo catalogue for the same data: %s',
    async (_label, query) => {
      const demo = catalogueValues(new DemoCatalogue(new RecordingLogger(), readDemoCatalogueFile));
      const supabase = catalogueValues(new SupabaseCatalogue(testClient(project.fake), new RecordingLogger()));
      const [expected, actual] = await Promise.all([demo.list(query), supabase.list(query)]);
      expect({ ...actual, items: actual.items.map(shown) }).toEqual({ ...expected, items: expected.items.map(shown) });
    },
  );

  // Counts stopped at a bound of 5 on both: the same pages, totals and page counts.
  it.each(QUERIES.map((query) => [JSON.stringify(query), query] as const))(
    'gives the same page and bounded count as the demo catalogue with a bound of 5: %s',
    async (_label, query) => {
      const demo = catalogueValues(new DemoCatalogue(new RecordingLogger(), readDemoCatalogueFile, undefined, 5));
      const supabase = catalogueValues(new SupabaseCatalogue(testClient(project.fake), new RecordingLogger(), undefined, 5));
      const [expected, actual] = await Promise.all([demo.list(query), supabase.list(query)]);
      expect({ ...actual, items: actual.items.map(shown) }).toEqual({ ...expected, items: expected.items.map(shown) });
    },
  );

  // A page deep in the list is read as its ids, then its rows (DEEP_OFFSET): the same pages.
  it.each(QUERIES.map((query) => [JSON.stringify(query), query] as const))(
    'gives the same page as the demo catalogue when read deep in the list: %s',
    async (_label, query) => {
      const demo = catalogueValues(new DemoCatalogue(new RecordingLogger(), readDemoCatalogueFile));
      const supabase = catalogueValues(new SupabaseCatalogue(testClient(project.fake), new RecordingLogger(), 0));
      const [expected, actual] = await Promise.all([demo.list(query), supabase.list(query)]);
      expect({ ...actual, items: actual.items.map(shown) }).toEqual({ ...expected, items: expected.items.map(shown) });
    },
  );

  it('reads a page in two requests at once, its rows and its bounded count, and only that page’s rows travel', async () => {
    const answers: Array<{ path: string; rows: number }> = [];
    const served = project.fake.fetch;
    const supabase = catalogueValues(
      new SupabaseCatalogue(
        testClient({
          ...project.fake,
          fetch: async (input: RequestInfo | URL, init?: RequestInit) => {
            const response = await served(input, init);
            const body: unknown = await response.clone().json();
            answers.push({ path: new URL(String(input)).pathname, rows: Array.isArray(body) ? body.length : -1 });
            return response;
          },
        } as typeof project.fake),
        new RecordingLogger(),
      ),
    );
    await supabase.categories();
    answers.length = 0;
    const page = await supabase.list({ page: 2, pageSize: 10, sort: 'prix-croissant' });
    expect(page).toMatchObject({ page: 2, pageSize: 10, pageCount: 8, total: 72, totalIsExact: true });
    const sorted = (list: typeof answers) => [...list].sort((a, b) => a.path.localeCompare(b.path));
    expect(sorted(answers)).toEqual([
      { path: '/rest/v1/catalogue_products', rows: 10 },
      { path: '/rest/v1/rpc/catalogue_count', rows: -1 },
    ]);
    answers.length = 0;
    // A search by relevance, with any filter: ranked and cut by catalogue_search_page_filtered.
    await supabase.list({ text: 'théière fonte', onSaleOnly: false, sort: 'pertinence', category: 'cuisine' });
    expect(sorted(answers)).toEqual([
      { path: '/rest/v1/rpc/catalogue_count', rows: -1 },
      { path: '/rest/v1/rpc/catalogue_search_page_filtered', rows: 1 },
    ]);
    answers.length = 0;
    await supabase.list({ text: 'théière fonte', minPrice: 1, sort: 'pertinence' });
    expect(sorted(answers)).toEqual([
      { path: '/rest/v1/rpc/catalogue_count', rows: -1 },
      { path: '/rest/v1/rpc/catalogue_search_page_filtered', rows: 1 },
    ]);
    answers.length = 0;
    // Another sort: catalogue_search's rows, filtered, sorted and cut by PostgREST.
    await supabase.list({ text: 'théière fonte', minPrice: 1, sort: 'prix-croissant' });
    expect(sorted(answers)).toEqual([
      { path: '/rest/v1/rpc/catalogue_count', rows: -1 },
      { path: '/rest/v1/rpc/catalogue_search', rows: 1 },
    ]);
  });

  it('keeps the same prices as the demo catalogue, and each promotion is its history’s reference price, on both (issue 25)', async () => {
    const demo = catalogueValues(new DemoCatalogue(new RecordingLogger(), readDemoCatalogueFile));
    const supabase = catalogueValues(new SupabaseCatalogue(testClient(project.fake), new RecordingLogger()));
    const [demoItems, supabaseItems] = await Promise.all([demo.list({ pageSize: 100 }), supabase.list({ pageSize: 100 })]);
    const bySlug = new Map(supabaseItems.items.map((p) => [p.slug, p]));
    const onSale = demoItems.items.filter((p) => p.originalPrice !== undefined);
    expect(onSale).toHaveLength(18);
    for (const product of demoItems.items) {
      const other = bySlug.get(product.slug)!;
      const history = await demo.priceHistory(product.id);
      const seeded = await supabase.priceHistory(other.id);
      // The same prices, from the same creation; a promotion's start is « N days before » each
      // one's clock (the reader's, the seed's now()), so its date is not compared.
      expect(
        seeded.map((change) => change.price),
        product.slug,
      ).toEqual(history.map((change) => change.price));
      expect(seeded[0], product.slug).toEqual(history[0]);
      const last = history.at(-1)!;
      expect(last.price, product.slug).toBe(product.price);
      expect(referencePrice(history, Date.now()) ?? undefined, product.slug).toBe(product.originalPrice);
      expect(referencePrice(seeded, Date.now()) ?? undefined, product.slug).toBe(product.originalPrice);
      expect(other.originalPrice, product.slug).toBe(product.originalPrice);
    }
    expect(await demo.priceHistory('inconnu')).toEqual([]);
    expect(await supabase.priceHistory('999999')).toEqual([]);
  });

  it('shows the same categories and related products as the demo catalogue', async () => {
    const demo = catalogueValues(new DemoCatalogue(new RecordingLogger(), readDemoCatalogueFile));
    const supabase = catalogueValues(new SupabaseCatalogue(testClient(project.fake), new RecordingLogger()));
    expect(await supabase.categories()).toEqual(await demo.categories());
    for (const slug of ['theiere-en-fonte-kyoto', 'bol-en-gres-bleu-nuit']) {
      const [fromDemo, fromSupabase] = await Promise.all([demo.getBySlug(slug), supabase.getBySlug(slug)]);
      expect(shown(fromSupabase!)).toEqual(shown(fromDemo!));
      const related = await supabase.related(fromSupabase!, 6);
      expect(related.map(shown)).toEqual((await demo.related(fromDemo!, 6)).map(shown));
    }
  });

  it('never shows an unpublished product, in a list or by its address', async () => {
    await project.cluster.query("update public.products set is_published = false where slug = 'theiere-en-fonte-kyoto'");
    try {
      const supabase = catalogueValues(new SupabaseCatalogue(testClient(project.fake), new RecordingLogger()));
      expect(await supabase.getBySlug('theiere-en-fonte-kyoto')).toBeNull();
      const all = await supabase.list({ pageSize: 100 });
      const hidden = await project.cluster.query("select id::text from public.products where slug = 'theiere-en-fonte-kyoto'");
      const hiddenId = (hidden as { id: string }[])[0]!.id;
      expect((await supabase.list({ ids: [hiddenId, all.items[0]!.id], pageSize: 2 })).items).toEqual([all.items[0]]);
      const { items, total } = await supabase.list({ text: 'théière fonte kyoto', pageSize: 100 });
      expect(items.map((p) => p.slug)).not.toContain('theiere-en-fonte-kyoto');
      expect(total).toBe(items.length);
    } finally {
      await project.cluster.query("update public.products set is_published = true where slug = 'theiere-en-fonte-kyoto'");
    }
  });

  // Ties in every sort: six products made alike in both stores (same creation instant, price,
  // discount; names equal but for accents and case, or entirely), so only the tie-breakers decide.
  describe('with ties in every sort', () => {
    const NAMES = ['Théière Zen', 'Theiere zen', 'THÉIÈRE ZEN', 'Bol identique', 'Bol identique', 'Bol — identique'];
    const CREATED_AT = '2026-03-01T08:00:00.000Z';
    let tied: string[] = [];
    const alike = (slug: string) => ({ name: NAMES[tied.indexOf(slug)]!, price: 25, originalPrice: 50, createdAt: CREATED_AT });
    const demoWithTies = async () => {
      const raw = (await readDemoCatalogueFile()) as { products: Array<{ slug: string }> };
      // Their history makes the promotion true (the demo drops one its history does not give).
      const priceHistory = [
        { price: 50, since: '2026-01-01T08:00:00.000Z' },
        { price: 25, since: '2026-02-15T08:00:00.000Z' },
      ];
      return { ...raw, products: raw.products.map((p) => (tied.includes(p.slug) ? { ...p, ...alike(p.slug), priceHistory } : p)) };
    };
    beforeAll(async () => {
      const raw = (await readDemoCatalogueFile()) as { products: Array<{ slug: string }> };
      tied = raw.products.filter((_, i) => i % 12 === 5).map((p) => p.slug);
      expect(tied).toHaveLength(NAMES.length);
      for (const slug of tied) {
        const { name, price, originalPrice, createdAt } = alike(slug);
        await project.cluster.query('update public.products set name = $1, price = $2, original_price = $3, created_at = $4 where slug = $5', [
          name,
          price,
          originalPrice,
          createdAt,
          slug,
        ]);
      }
    });
    afterAll(async () => {
      await project.cluster.reset();
    });

    it.each(
      [
        ...SORT_ORDERS.map((sort) => ({ sort, pageSize: 72 })),
        ...SORT_ORDERS.map((sort) => ({ sort, text: 'theiere' })),
        ...SORT_ORDERS.map((sort) => ({ sort, text: 'identique', onSaleOnly: true })),
        { sort: 'remises' as const, minPrice: 25, maxPrice: 25, pageSize: 2, page: 2 },
      ].map((query) => [JSON.stringify(query), query] as const),
    )('gives the demo catalogue’s page: %s', async (_label, query) => {
      const demo = catalogueValues(new DemoCatalogue(new RecordingLogger(), demoWithTies));
      const supabase = catalogueValues(new SupabaseCatalogue(testClient(project.fake), new RecordingLogger()));
      const [expected, actual] = await Promise.all([demo.list(query), supabase.list(query)]);
      expect(expected.items.filter((p) => tied.includes(p.slug)).length).toBeGreaterThanOrEqual(Math.min(2, expected.items.length));
      expect({ ...actual, items: actual.items.map(shown) }).toEqual({ ...expected, items: expected.items.map(shown) });
    });
  });

  it('says in French that the server cannot be reached, and logs the library’s own words', async () => {
    const logger = new RecordingLogger();
    const supabase = new SupabaseCatalogue(testClient(project.fake), logger);
    project.fake.offline = true;
    try {
      expect(await supabase.categories()).toEqual(
        fail('network', 'Le serveur de la boutique ne répond pas. Vérifiez votre connexion à Internet, puis réessayez.'),
      );
    } finally {
      project.fake.offline = false;
    }
    expect(logger.problems('error').join('\n')).toMatch(/reading categories failed \(network\)/);
    // The failure does not stick: the next call asks again and gets the categories.
    expect((await catalogueValues(supabase).categories()).length).toBeGreaterThanOrEqual(6);
  }, 30_000);
});
