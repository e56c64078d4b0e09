import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DemoCatalogue } from '@/adapters/demo-catalogue/demo-catalogue';
import { NETWORK_FAILURE_MESSAGE } from '@/domain/backend-error';
import { fail } from '@/domain/result';
import { discountPercent } from '@/domain/catalogue/run-catalogue-query';
import { referencePrice } from '@/domain/catalogue/price-history';
import { FakeClock } from '../../../fakes/fake-clock';
import { RecordingLogger } from '../../../fakes/recording-logger';
import { catalogueValues } from '../../../support/catalogue-values';
import { readDemoCatalogueFile } from '../../../support/demo-catalogue-file';

const CATEGORY = { slug: 'cuisine', name: 'Cuisine', description: 'Pour la table.', image: '/c.svg' };

function rawProduct(id: string, fields: Record<string, unknown> = {}) {
  return {
    id,
    slug: id,
    name: `Produit ${id}`,
    description: 'Un produit.',
    price: 10,
    category: 'cuisine',
    tags: [],
    images: ['/p.svg'],
    inStock: true,
    stock: 3,
    createdAt: '2026-01-01T10:00:00.000Z',
    ...fields,
  };
}

describe('DemoCatalogue (adapter specifics)', () => {
  it('loads and validates its data once, on first use', async () => {
    let loads = 0;
    const catalogue = catalogueValues(
      new DemoCatalogue(undefined, async () => {
        loads += 1;
        return { categories: [CATEGORY], products: [rawProduct('a'), rawProduct('b')] };
      }),
    );
    expect(loads).toBe(0);
    await Promise.all([catalogue.list({}), catalogue.categories(), catalogue.getBySlug('a')]);
    await catalogue.list({ text: 'produit' });
    expect(loads).toBe(1);
  });

  it('drops an invalid, duplicated or orphan entry and logs it, never throws', async () => {
    const logger = new RecordingLogger();
    const catalogue = catalogueValues(
      new DemoCatalogue(logger, async () => ({
        categories: [CATEGORY, { slug: 'Mauvais Slug', name: 'X', description: '', image: '/x.svg' }, CATEGORY],
        products: [
          rawProduct('ok'),
          rawProduct('prix-negatif', { price: -1 }),
          rawProduct('promo-fausse', { originalPrice: 5 }),
          rawProduct('rupture-avec-stock', { inStock: false, stock: 4 }),
          rawProduct('ok', { slug: 'autre-slug' }),
          rawProduct('autre-id', { slug: 'ok' }),
          rawProduct('orphelin', { category: 'inconnue' }),
          'pas un objet',
        ],
      })),
    );
    const page = await catalogue.list({});
    expect(page.items.map((p) => p.id)).toEqual(['ok']);
    expect((await catalogue.categories()).map((c) => c.slug)).toEqual(['cuisine']);
    expect(logger.problems('warn')).toHaveLength(9);
    expect(logger.problems('warn').join('\n')).toMatch(/duplicate id ok[\s\S]*duplicate slug ok[\s\S]*unknown category inconnue/);
  });

  it('shows an empty catalogue when the data is unreadable, and logs an error', async () => {
    const logger = new RecordingLogger();
    const catalogue = catalogueValues(new DemoCatalogue(logger, async () => 'pas du JSON de catalogue'));
    expect(await catalogue.list({})).toMatchObject({ items: [], total: 0, pageCount: 1 });
    expect(await catalogue.categories()).toEqual([]);
    expect(logger.problems('error')).toHaveLength(1);
  });

  it('answers `network` when its data cannot be downloaded, logs it, and tries loading again on the next call', async () => {
    let attempts = 0;
    const logger = new RecordingLogger();
    const catalogue = new DemoCatalogue(logger, async () => {
      attempts += 1;
      if (attempts === 1) throw new Error('Failed to fetch dynamically imported module');
      return { categories: [CATEGORY], products: [rawProduct('a')] };
    });
    expect(await catalogue.list({})).toEqual(fail('network', NETWORK_FAILURE_MESSAGE));
    expect(logger.problems('error')).toEqual(['Demo catalogue: could not be loaded']);
    expect(await catalogue.list({})).toMatchObject({ ok: true, value: { total: 1 } });
  });

  it('hands out frozen products, so no caller can alter the shared data', async () => {
    const catalogue = catalogueValues(new DemoCatalogue(undefined, async () => ({ categories: [CATEGORY], products: [rawProduct('a')] })));
    const product = await catalogue.getBySlug('a');
    expect(Object.isFrozen(product)).toBe(true);
    expect(Object.isFrozen(product!.images)).toBe(true);
  });

  it('related lists its category first, then the others, in catalogue order', async () => {
    const catalogue = catalogueValues(
      new DemoCatalogue(undefined, async () => ({
        categories: [CATEGORY, { ...CATEGORY, slug: 'maison', name: 'Maison' }],
        products: [rawProduct('m1', { category: 'maison' }), rawProduct('c1'), rawProduct('c2'), rawProduct('m2', { category: 'maison' }), rawProduct('c3')],
      })),
    );
    const c2 = (await catalogue.getBySlug('c2'))!;
    expect((await catalogue.related(c2, 10)).map((p) => p.id)).toEqual(['c1', 'c3', 'm1', 'm2']);
    expect((await catalogue.related(c2, 3)).map((p) => p.id)).toEqual(['c1', 'c3', 'm1']);
    expect(await catalogue.related(c2, Number.NaN)).toEqual([]);
  });
});

describe('the bundled demo data', () => {
  const NBSP = '\u00A0';
  const NNBSP = '\u202F';

  async function served() {
    const logger = new RecordingLogger();
    const catalogue = catalogueValues(new DemoCatalogue(logger, readDemoCatalogueFile));
    const { items: products } = await catalogue.list({ pageSize: 10_000 });
    return { logger, products, categories: await catalogue.categories() };
  }

  it('is valid from end to end: nothing dropped, nothing logged', async () => {
    const { logger, products } = await served();
    expect(products.length).toBeGreaterThanOrEqual(64);
    expect(logger.entries).toEqual([]);
  });

  // Issue 42, item 12: a promotion running since April 2025 reads as a permanent reduction (DGCCRF).
  // Whatever the day of the visit, each began 3 to 21 days before it (an hour after its product's
  // creation for a younger one), and its struck price is the lowest of the 30 days before it.
  it.each(['2026-11-22T10:00:00.000Z', '2027-09-01T10:00:00.000Z'])('at %s, every promotion is recent, and its reference is its history’s', async (day) => {
    const clock = new FakeClock(day);
    const catalogue = catalogueValues(new DemoCatalogue(new RecordingLogger(), readDemoCatalogueFile, undefined, undefined, clock));
    const { items } = await catalogue.list({ pageSize: 10_000 });
    const onSale = items.filter((p) => p.originalPrice !== undefined);
    expect(onSale.length).toBeGreaterThan(10);
    for (const product of onSale) {
      const history = await catalogue.priceHistory(product.id);
      const began = Date.parse(history.at(-1)!.since);
      const daysAgo = (clock.now() - began) / 86_400_000;
      const created = Date.parse(product.createdAt);
      if (began === created + 3_600_000) expect(daysAgo, product.slug).toBeLessThanOrEqual(21);
      else expect([daysAgo >= 3, daysAgo <= 21], product.slug).toEqual([true, true]);
      expect(referencePrice(history, clock.now()), product.slug).toBe(product.originalPrice);
    }
  });

  it('uses French typography: ’ apostrophes, no-break spaces before ; : ! ? and inside « »', async () => {
    const { products, categories } = await served();
    const texts = [...categories.flatMap((c) => [c.name, c.description]), ...products.flatMap((p) => [p.name, p.description, ...p.tags])];
    for (const text of texts) {
      expect(text, text).not.toMatch(/'/);
      expect(text, text).not.toMatch(new RegExp(`[^${NBSP}${NNBSP}][;:!?]`));
      expect(text, text).not.toMatch(new RegExp(`«[^${NBSP}${NNBSP}]|[^${NBSP}${NNBSP}]»`));
    }
  });

  it('has 2 to 4 pictures per product, about a quarter on sale (10 to 50 % off), about a tenth out of stock', async () => {
    const { products } = await served();
    for (const p of products) expect(p.images.length, p.slug).toBeGreaterThanOrEqual(2);
    for (const p of products) expect(p.images.length, p.slug).toBeLessThanOrEqual(4);
    const discounts = products.map(discountPercent).filter((d) => d > 0);
    expect(discounts.length / products.length).toBeGreaterThanOrEqual(0.2);
    expect(discounts.length / products.length).toBeLessThanOrEqual(0.3);
    expect(Math.min(...discounts)).toBeGreaterThanOrEqual(10);
    expect(Math.max(...discounts)).toBeLessThanOrEqual(50);
    const soldOut = products.filter((p) => !p.inStock).length / products.length;
    expect(soldOut).toBeGreaterThanOrEqual(0.05);
    expect(soldOut).toBeLessThanOrEqual(0.15);
  });

  const publicFile = (image: string) => new URL(`../../../../public${image}`, import.meta.url);
  /** What a picture draws, without its label: two products cannot differ by their names alone. */
  const drawingOf = (image: string) => readFileSync(publicFile(image), 'utf8').replace(/ aria-label="[^"]*"/, '');
  /** The shapes of the object drawn, without colours, placement or backdrop: the kind of object. */
  const objectShapesOf = (image: string) =>
    drawingOf(image)
      .slice(drawingOf(image).indexOf('<g '))
      .replace(/ (fill|stroke|transform)="[^"]*"/g, '');

  it('every picture a product or category names is a file the shop serves from public/', async () => {
    const { products, categories } = await served();
    const images = [...categories.map((c) => c.image), ...products.flatMap((p) => p.images)];
    const missing = images.filter((image) => !image.startsWith('/images/catalogue/') || !existsSync(publicFile(image)));
    expect(missing).toEqual([]);
  });

  it('every product has a first picture of its own: its own file, drawn differently from every other', async () => {
    const { products } = await served();
    const firsts = products.map((p) => p.images[0]!);
    expect(new Set(firsts).size).toBe(products.length);
    const drawings = new Map<string, string>();
    for (const [i, image] of firsts.entries()) {
      const twin = drawings.get(drawingOf(image));
      expect(twin, `${products[i]!.slug} draws the same picture as ${twin}`).toBeUndefined();
      drawings.set(drawingOf(image), products[i]!.slug);
    }
  });

  it('each product shows its own kind of object, not its category’s (a vase is not drawn as a candle)', async () => {
    const { products } = await served();
    const shown = new Map<string, string>();
    for (const product of products) {
      const shapes = objectShapesOf(product.images[0]!);
      expect(shapes.length, product.slug).toBeGreaterThan(200);
      expect(shown.get(shapes), `${product.slug} is drawn as the same object as ${shown.get(shapes)}`).toBeUndefined();
      shown.set(shapes, product.slug);
    }
  });

  it('the pictures of one product differ from one another (colour, angle or composition)', async () => {
    const { products } = await served();
    for (const product of products) {
      expect(new Set(product.images.map(drawingOf)).size, product.slug).toBe(product.images.length);
    }
  });

  it('pictures are small 4:3 SVG files (640 × 480, under 2 KB) labelled in French for assistive technology', async () => {
    const { products, categories } = await served();
    const images = [...categories.map((c) => c.image), ...products.flatMap((p) => p.images)];
    expect(new Set(images).size).toBe(images.length);
    for (const image of images) {
      const svg = readFileSync(new URL(`../../../../public${image}`, import.meta.url));
      expect(svg.byteLength, image).toBeLessThan(2048);
      const root = svg.toString('utf8').match(/^<svg [^>]*>/)?.[0] ?? '';
      expect(root, image).toContain('viewBox="0 0 640 480"');
      expect(root, image).toContain('role="img"');
      expect(root, image).toMatch(/aria-label="(Illustration de la catégorie|[^"]+, vue \d sur \d)[^"]*"/);
    }
  });
});
