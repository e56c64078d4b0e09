import { existsSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DemoCatalogue } from '../../src/adapters/demo-catalogue/demo-catalogue';
import type { CatalogueProduct } from '../../src/domain/catalogue/catalogue-product';
import { DEFAULT_PAGE_SIZE } from '../../src/domain/catalogue/catalogue-query';
import type { Catalogue } from '../../src/ports/catalogue';
import { RecordingLogger } from '../fakes/recording-logger';
import { readDemoCatalogueFile } from '../support/demo-catalogue-file';

const PUBLIC_DIR = fileURLToPath(new URL('../../public', import.meta.url));

/** Every product of the catalogue, page after page, in the catalogue's default order. */
async function everyProduct(catalogue: Catalogue): Promise<CatalogueProduct[]> {
  const products: CatalogueProduct[] = [];
  for (let page = 1; ; page += 1) {
    const result = await catalogue.list({ page, pageSize: 50 });
    products.push(...result.items);
    if (page >= result.pageCount) return products;
  }
}

/** The Catalogue port's promises, for any adapter: `create` gives a fresh, ready catalogue. */
function catalogueContract(name: string, create: () => Catalogue | Promise<Catalogue>): void {
  describe(`Catalogue contract: ${name}`, () => {
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

    it('every out-of-stock product has stock 0, every stock is a whole number', async () => {
      for (const product of await everyProduct(await create())) {
        expect(Number.isInteger(product.stock) && product.stock >= 0, product.slug).toBe(true);
        if (!product.inStock) expect(product.stock, product.slug).toBe(0);
      }
    });
  });
}

catalogueContract('DemoCatalogue', () => new DemoCatalogue(new RecordingLogger(), readDemoCatalogueFile));
// SUPABASE ADAPTER GOES HERE: catalogueContract('SupabaseCatalogue', () => ...).
