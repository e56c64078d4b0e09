// idb checks what it wraps against the global IndexedDB classes: fake-indexeddb's, as a browser's.
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CatalogueEditsStore } from '@/adapters/catalogue-edits/catalogue-edits-store';
import { editsOnceMarked } from '@/adapters/catalogue-edits/edits-once-marked';
import { editedCatalogue } from '@/adapters/catalogue-edits/edited-catalogue';
import { LocalCatalogueWriter } from '@/adapters/catalogue-edits/local-catalogue-writer';
import { DemoCatalogue, parseDemoCatalogue } from '@/adapters/demo-catalogue/demo-catalogue';
import { SupabaseCatalogue } from '@/adapters/supabase/supabase-catalogue';
import { SupabaseCatalogueWriter } from '@/adapters/supabase/supabase-catalogue-writer';
import type { CatalogueProduct } from '@/domain/catalogue/catalogue-product';
import type { ProductDraft, ProductFieldErrors } from '@/domain/catalogue/product-draft';
import { PRODUCT_MESSAGES, validateProductDraft } from '@/domain/catalogue/validate-product-draft';
import type { CatalogueChange, CatalogueNews } from '@/ports/catalogue-changes';
import type { VatRate } from '@/domain/vat-rate';
import type { CatalogueWriter } from '@/ports/catalogue-writer';
import { FakeClock } from '../fakes/fake-clock';
import { RecordingLogger } from '../fakes/recording-logger';
import { SequentialIds } from '../fakes/sequential-ids';
import { catalogueValues, type CatalogueValues } from '../support/catalogue-values';
import { readDemoCatalogueFile } from '../support/demo-catalogue-file';
import { ADMIN_USER, SHOPPER_USER, startTestProject, testClient, type TestProject } from '../support/supabase/test-project';
import { STORAGE_KEYS } from '@/domain/storage-keys';

const REFUSED = 'Le serveur a refusé cette action\u00a0: votre compte n’a pas les droits nécessaires.';
const INVALID = 'Le produit n’a pas été enregistré\u00a0: corrigez les champs signalés.';
const SLUG_TAKEN = 'Cette adresse est déjà celle d’un autre produit. Choisissez-en une autre.';
const NOT_FOUND = 'Ce produit n’existe plus. Il a peut-être été supprimé dans un autre onglet.';
/** A product of the shipped demo catalogue and of the seed alike. */
const SHIPPED_SLUG = 'theiere-en-fonte-kyoto';

const DRAFT: ProductDraft = {
  name: 'Carafe en verre soufflé',
  slug: 'carafe-en-verre-souffle',
  description: 'Une carafe d’un litre, soufflée à la bouche.',
  price: 34.5,
  onSale: false,
  category: { slug: 'cuisine' },
  stock: 7,
  tags: ['verre', 'carafe'],
  images: ['/images/stock/produit-par-defaut.svg', '/images/stock/boutique-1.svg'],
  vatRate: 2000,
};

interface Backend {
  writer: CatalogueWriter;
  /** The Catalogue port of the same backend, as a storefront opened afterwards reads it. */
  catalogue: () => CatalogueValues;
  /** Every change the writer announced, in order. */
  announced: CatalogueChange[];
  /** Time passes: the prices kept are `days` older. */
  age: (days: number) => Promise<void>;
}

const M = PRODUCT_MESSAGES;
/** One draft for each rule of validateProductDraft: what it changes in DRAFT, and the domain's refusal. */
const REFUSED_DRAFTS: Array<[string, Partial<ProductDraft>, ProductFieldErrors]> = [
  ['a blank name', { name: '  ' }, { name: M.nameRequired }],
  ['a name of 121 characters', { name: 'n'.repeat(121) }, { name: M.nameTooLong }],
  ['an empty address', { slug: '' }, { slug: M.slugRequired }],
  ['an address of 121 characters', { slug: 's'.repeat(121) }, { slug: M.slugTooLong }],
  ['an address with capitals', { slug: 'Carafe' }, { slug: M.slugInvalid }],
  ['a price that is not a number', { price: Number.NaN }, { price: M.priceNotNumber }],
  ['a price of 0', { price: 0, onSale: false }, { price: M.pricePositive }],
  ['a price with three decimals', { price: 12.345, onSale: false }, { price: M.priceDecimals }],
  ['a price above 99 999 999,99', { price: 100_000_000, onSale: false }, { price: M.priceTooHigh }],
  ['no category', { category: { slug: '' } }, { category: M.categoryRequired }],
  ['a blank new category', { category: { newName: '  ' } }, { category: M.categoryRequired }],
  ['a new category whose name makes no address', { category: { newName: '!!!' } }, { category: M.categoryNameInvalid }],
  ['a stock of 2,5', { stock: 2.5 }, { stock: M.stockWhole }],
  ['a stock below 0', { stock: -1 }, { stock: M.stockWhole }],
  ['a stock that is not a number', { stock: Number.NaN }, { stock: M.stockWhole }],
  ['a stock above 1 000 000', { stock: 1_000_001 }, { stock: M.stockTooHigh }],
  ['a VAT rate of 19,6 % (not one of the four)', { vatRate: 1960 as VatRate }, { vatRate: M.vatRateInvalid }],
  ['a VAT rate as a fraction (0.055)', { vatRate: 0.055 as VatRate }, { vatRate: M.vatRateInvalid }],
];

/** Drafts at the edges of the rules, which the domain accepts and every adapter saves. */
const ACCEPTED_DRAFTS: ProductDraft[] = [
  { ...DRAFT, name: 'n'.repeat(120), slug: 's'.repeat(120) },
  { ...DRAFT, price: 0.01, onSale: false, stock: 0 },
  { ...DRAFT, price: 99_999_999.99, stock: 1_000_000 },
  { ...DRAFT, name: ' Carafe à bords ', price: 0.1 + 0.2, tags: [], images: [], category: { newName: 'Smørrebrød & cie' } },
];

/** What a shopper sees of a product: everything but the id, which each store numbers its own way. */
function shown({ id: _id, ...product }: CatalogueProduct) {
  return product;
}

async function total(catalogue: CatalogueValues): Promise<number> {
  return (await catalogue.list({ pageSize: 1 })).total;
}

/** The CatalogueWriter port's promises, for any adapter: `create` gives an admin's writer over a fresh catalogue. */
function catalogueWriterContract(name: string, create: () => Promise<Backend>): void {
  describe(`CatalogueWriter contract: ${name}`, () => {
    it('creates a product that the storefront then lists and finds by its address', async () => {
      const { writer, catalogue } = await create();
      const before = await total(catalogue());
      const created = await writer.create(DRAFT);
      expect(created.ok).toBe(true);
      if (!created.ok) return;
      expect(shown(created.value)).toEqual({
        slug: 'carafe-en-verre-souffle',
        name: 'Carafe en verre soufflé',
        description: 'Une carafe d’un litre, soufflée à la bouche.',
        price: 34.5,
        images: ['/images/stock/produit-par-defaut.svg', '/images/stock/boutique-1.svg'],
        category: 'cuisine',
        inStock: true,
        stock: 7,
        tags: ['verre', 'carafe'],
        createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) as unknown as string,
        vatRate: 2000,
      });
      const storefront = catalogue();
      expect(await storefront.getBySlug('carafe-en-verre-souffle')).toEqual(created.value);
      expect(await total(storefront)).toBe(before + 1);
      expect((await storefront.list({ text: 'carafe soufflé' })).items).toEqual([created.value]);
      expect((await storefront.list({ ids: [created.value.id] })).items).toEqual([created.value]);
    });

    it('updates a product: the new price, address and pictures are read back, the old address is gone', async () => {
      const { writer, catalogue } = await create();
      const created = await writer.create(DRAFT);
      if (!created.ok) throw new Error(created.error.message);
      const updated = await writer.update(created.value.id, {
        ...DRAFT,
        slug: 'carafe-soufflee',
        price: 29.9,
        onSale: false,
        images: ['/images/stock/boutique-2.svg', '/images/stock/produit-par-defaut.svg'],
      });
      expect(updated).toEqual({
        ok: true,
        value: {
          ...created.value,
          slug: 'carafe-soufflee',
          price: 29.9,
          originalPrice: undefined,
          images: ['/images/stock/boutique-2.svg', '/images/stock/produit-par-defaut.svg'],
        },
      });
      const storefront = catalogue();
      const read = await storefront.getBySlug('carafe-soufflee');
      expect(read).toMatchObject({ id: created.value.id, price: 29.9, createdAt: created.value.createdAt });
      expect(read?.originalPrice).toBeUndefined();
      expect(read?.images).toEqual(['/images/stock/boutique-2.svg', '/images/stock/produit-par-defaut.svg']);
      expect(await storefront.getBySlug('carafe-en-verre-souffle')).toBeNull();
    });

    it('updates a shipped product in place, and a stock of 0 shows it sold out', async () => {
      const { writer, catalogue } = await create();
      const shipped = (await catalogue().getBySlug(SHIPPED_SLUG))!;
      const before = await total(catalogue());
      const updated = await writer.update(shipped.id, {
        name: shipped.name,
        slug: shipped.slug,
        description: shipped.description,
        price: 0.1 + 0.2,
        onSale: false,
        category: { slug: shipped.category },
        stock: 0,
        tags: shipped.tags,
        images: shipped.images,
        vatRate: shipped.vatRate,
      });
      expect(updated.ok).toBe(true);
      const read = await catalogue().getBySlug(SHIPPED_SLUG);
      expect(read).toMatchObject({ id: shipped.id, price: 0.3, stock: 0, inStock: false, createdAt: shipped.createdAt });
      expect(await total(catalogue())).toBe(before);
      expect((await catalogue().list({ maxStock: 0, pageSize: 100 })).items.map((p) => p.slug)).toContain(SHIPPED_SLUG);
    });

    it('deletes a product: gone from the list and from its address; deleting it again says it no longer exists', async () => {
      const { writer, catalogue } = await create();
      const created = await writer.create(DRAFT);
      if (!created.ok) throw new Error(created.error.message);
      const before = await total(catalogue());
      expect(await writer.remove(created.value.id)).toEqual({ ok: true, value: undefined });
      const storefront = catalogue();
      expect(await storefront.getBySlug(DRAFT.slug)).toBeNull();
      expect((await storefront.list({ ids: [created.value.id] })).items).toEqual([]);
      expect(await total(storefront)).toBe(before - 1);
      expect(await writer.remove(created.value.id)).toEqual({ ok: false, error: { code: 'not-found', message: NOT_FOUND } });
      expect(await writer.update(created.value.id, DRAFT)).toEqual({ ok: false, error: { code: 'not-found', message: NOT_FOUND } });
      expect(await catalogue().getBySlug(DRAFT.slug)).toBeNull();
    });

    it('deletes a shipped product', async () => {
      const { writer, catalogue } = await create();
      const shipped = (await catalogue().getBySlug(SHIPPED_SLUG))!;
      expect((await writer.remove(shipped.id)).ok).toBe(true);
      expect(await catalogue().getBySlug(SHIPPED_SLUG)).toBeNull();
      const related = await catalogue().related((await catalogue().getBySlug('bol-en-gres-bleu-nuit'))!, 100);
      expect(related.map((p) => p.slug)).not.toContain(SHIPPED_SLUG);
    });

    it('saves every draft at the edges of what the domain accepts', async () => {
      const { writer, catalogue } = await create();
      for (const [i, draft] of ACCEPTED_DRAFTS.entries()) {
        expect(validateProductDraft(draft)).toEqual({});
        const saved = await writer.create({ ...draft, slug: draft.slug === DRAFT.slug ? `${draft.slug}-${i}` : draft.slug });
        expect(saved).toMatchObject({ ok: true, value: { name: draft.name.trim(), price: Math.round(draft.price * 100) / 100, stock: draft.stock } });
        if (saved.ok) expect(await catalogue().getBySlug(saved.value.slug)).toEqual(saved.value);
      }
    });

    it('saves the VAT rate chosen, whatever the category’s, and a change of it; the storefront reads it back', async () => {
      const { writer, catalogue } = await create();
      const created = await writer.create({ ...DRAFT, category: { slug: 'epicerie-fine' }, vatRate: 2000 });
      if (!created.ok) throw new Error(created.error.message);
      expect((await catalogue().getBySlug(DRAFT.slug))?.vatRate).toBe(2000);
      const updated = await writer.update(created.value.id, { ...DRAFT, category: { slug: 'epicerie-fine' }, vatRate: 550 });
      expect(updated).toMatchObject({ ok: true, value: { vatRate: 550 } });
      expect((await catalogue().getBySlug(DRAFT.slug))?.vatRate).toBe(550);
      expect((await catalogue().list({ ids: [created.value.id] })).items[0]?.vatRate).toBe(550);
    });

    it('refuses a VAT rate that is not one of the four, in French, and writes nothing', async () => {
      const { writer, catalogue, announced } = await create();
      const shipped = (await catalogue().getBySlug(SHIPPED_SLUG))!;
      const invalid = { ok: false, error: { code: 'invalid-product', message: INVALID } };
      expect(await writer.create({ ...DRAFT, vatRate: 1960 as VatRate })).toEqual(invalid);
      expect(await writer.update(shipped.id, { ...DRAFT, slug: SHIPPED_SLUG, vatRate: 20 as VatRate })).toEqual(invalid);
      expect(await catalogue().getBySlug(DRAFT.slug)).toBeNull();
      expect(await catalogue().getBySlug(SHIPPED_SLUG)).toEqual(shipped);
      expect(announced).toEqual([]);
    });

    it('refuses a draft in a category it does not know, in French, and writes nothing', async () => {
      const { writer, catalogue, announced } = await create();
      const before = await total(catalogue());
      expect(await writer.create({ ...DRAFT, category: { slug: 'categorie-inconnue' } })).toEqual({
        ok: false,
        error: { code: 'invalid-product', message: INVALID },
      });
      expect(await total(catalogue())).toBe(before);
      expect(await catalogue().getBySlug(DRAFT.slug)).toBeNull();
      expect(announced).toEqual([]);
    });

    it('refuses an address another product has, on create and on update, and writes nothing', async () => {
      const { writer, catalogue } = await create();
      const before = await total(catalogue());
      expect(await writer.create({ ...DRAFT, slug: SHIPPED_SLUG })).toEqual({ ok: false, error: { code: 'slug-taken', message: SLUG_TAKEN } });
      expect(await total(catalogue())).toBe(before);
      const created = await writer.create(DRAFT);
      if (!created.ok) throw new Error(created.error.message);
      expect(await writer.update(created.value.id, { ...DRAFT, slug: SHIPPED_SLUG, price: 1 })).toEqual({
        ok: false,
        error: { code: 'slug-taken', message: SLUG_TAKEN },
      });
      expect(await catalogue().getBySlug(DRAFT.slug)).toMatchObject({ price: 34.5 });
      expect(await catalogue().getBySlug(SHIPPED_SLUG)).not.toMatchObject({ name: DRAFT.name });
    });

    it('creates a new category once, and reuses a category whose address the name makes', async () => {
      const { writer, catalogue } = await create();
      const categoriesBefore = await catalogue().categories();
      const first = await writer.create({ ...DRAFT, category: { newName: ' Arts de la table ' } });
      const second = await writer.create({ ...DRAFT, slug: 'carafe-2', category: { newName: 'Arts de la table' } });
      const third = await writer.create({ ...DRAFT, slug: 'carafe-3', category: { newName: 'CUISINE' } });
      expect([first, second, third].map((r) => r.ok && r.value.category)).toEqual(['arts-de-la-table', 'arts-de-la-table', 'cuisine']);
      const categories = await catalogue().categories();
      expect(categories.slice(0, categoriesBefore.length)).toEqual(categoriesBefore);
      expect(categories.slice(categoriesBefore.length)).toEqual([
        // A new category proposes the rate of the product that made it.
        { slug: 'arts-de-la-table', name: 'Arts de la table', description: '', image: '/images/stock/produit-par-defaut.svg', vatRate: 2000 },
      ]);
      expect((await catalogue().list({ category: 'arts-de-la-table' })).items.map((p) => p.slug).sort()).toEqual(['carafe-2', 'carafe-en-verre-souffle']);
    });

    describe('a reduction is announced against the lowest price of the 30 days before it began (price-history.ts, price_reference)', () => {
      const NO_REDUCTION = { ok: false, error: { code: 'no-reduction', message: PRODUCT_MESSAGES.noReduction } };
      /** Creates DRAFT at `price`, then answers a save of a new price (on sale or not) and the product as the storefront reads it. */
      async function product(backend: Backend, price: number) {
        const created = await backend.writer.create({ ...DRAFT, price });
        if (!created.ok) throw new Error(created.error.message);
        const id = created.value.id;
        return {
          save: (next: number, onSale = false) => backend.writer.update(id, { ...DRAFT, price: next, onSale }),
          shown: async () => (await backend.catalogue().getBySlug(DRAFT.slug))?.originalPrice,
          prices: async () => (await backend.catalogue().priceHistory(id)).map((change) => change.price),
        };
      }

      it('a fall after 40 days at one price: that price; setting the same price again keeps no new one', async () => {
        const backend = await create();
        const bol = await product(backend, 100);
        await backend.age(40);
        expect(await bol.save(100)).toMatchObject({ ok: true });
        expect(await bol.save(80, true)).toMatchObject({ ok: true, value: { price: 80, originalPrice: 100 } });
        expect(await bol.shown()).toBe(100);
        expect(await bol.prices()).toEqual([100, 80]);
      });

      it('a price raised in the 30 days before is no reference: the lower one before it is', async () => {
        const backend = await create();
        const bol = await product(backend, 80);
        await backend.age(40);
        await bol.save(100);
        await backend.age(10);
        expect(await bol.save(90, true)).toEqual(NO_REDUCTION);
        expect(await bol.prices()).toEqual([80, 100]);
        expect(await bol.save(70, true)).toMatchObject({ ok: true, value: { originalPrice: 80 } });
      });

      it('successive reductions keep the reference of the first one; a rise ends the reduction', async () => {
        const backend = await create();
        const bol = await product(backend, 100);
        await backend.age(60);
        expect(await bol.save(90, true)).toMatchObject({ ok: true, value: { originalPrice: 100 } });
        await backend.age(20);
        expect(await bol.save(80, true)).toMatchObject({ ok: true, value: { originalPrice: 100 } });
        await backend.age(2);
        expect(await bol.save(70, true)).toMatchObject({ ok: true, value: { originalPrice: 100 } });
        await backend.age(2);
        expect(await bol.save(75, true)).toEqual(NO_REDUCTION);
        const regular = await bol.save(75);
        expect(regular).toMatchObject({ ok: true, value: { price: 75 } });
        expect(regular.ok && regular.value.originalPrice).toBeUndefined();
        expect(await bol.prices()).toEqual([100, 90, 80, 70, 75]);
      });

      it('a product younger than 30 days: the lowest price of its whole life; a new product has none', async () => {
        const backend = await create();
        expect(await backend.writer.create({ ...DRAFT, slug: 'neuf', onSale: true })).toEqual(NO_REDUCTION);
        const bol = await product(backend, 60);
        await backend.age(4);
        await bol.save(50);
        await backend.age(4);
        expect(await bol.save(40, true)).toMatchObject({ ok: true, value: { originalPrice: 60 } });
        expect(await bol.shown()).toBe(60);
      });
    });

    it('announces each saved and deleted product, and nothing for a refusal', async () => {
      const { writer, announced } = await create();
      const created = await writer.create(DRAFT);
      if (!created.ok) throw new Error(created.error.message);
      await writer.create({ ...DRAFT, name: 'Même adresse' });
      await writer.update(created.value.id, { ...DRAFT, price: 20 });
      await writer.remove(created.value.id);
      await writer.remove(created.value.id);
      expect(announced).toEqual([
        { productId: created.value.id, kind: 'saved' },
        { productId: created.value.id, kind: 'saved' },
        { productId: created.value.id, kind: 'deleted' },
      ]);
    });
  });
}

// ── Local: IndexedDB (fake-indexeddb) over the demo catalogue ───────────────────────────────

class MemoryStorage {
  readonly items = new Map<string, string>();
  getItem(key: string): string | null {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string): void {
    this.items.set(key, value);
  }
}

/** One browser: its localStorage and IndexedDB, shared by every tab opened in it. */
function localDevice(resolveImages?: (images: readonly string[]) => Promise<readonly string[]>) {
  const factory = new IDBFactory();
  const clock = new FakeClock('2026-11-23T21:00:00.000Z');
  const storage = new MemoryStorage();
  const logger = new RecordingLogger();
  const catalogue = () =>
    catalogueValues(
      new DemoCatalogue(
        logger,
        readDemoCatalogueFile,
        editsOnceMarked({ get: (key) => storage.getItem(key) }, (shipped) =>
          editedCatalogue(shipped, logger, { factory, ...(resolveImages && { resolveImages }) }),
        ),
        undefined,
        clock,
      ),
    );
  const tab = (announced: CatalogueChange[] = []) => ({
    announced,
    writer: new LocalCatalogueWriter({
      store: new CatalogueEditsStore({ factory }),
      shipped: async () => parseDemoCatalogue(await readDemoCatalogueFile(), clock.now()),
      clock,
      ids: new SequentialIds('produit'),
      announce: (change) => announced.push(change),
      markCatalogueChanged: () => storage.setItem(STORAGE_KEYS.catalogueChanged, '1'),
    }),
  });
  return { factory, storage, catalogue, tab, clock };
}

catalogueWriterContract('LocalCatalogueWriter (IndexedDB over the demo catalogue)', async () => {
  const device = localDevice();
  const { writer, announced } = device.tab();
  return { writer, announced, catalogue: device.catalogue, age: async (days) => device.clock.advance(days * 86_400_000) };
});

describe('LocalCatalogueWriter on one device', () => {
  it('a tab that heard another tab’s save reads the edits before that tab’s marker reaches its copy of localStorage', async () => {
    const device = localDevice();
    // This tab's localStorage has not seen the marker yet (browsers deliver it after the announcement).
    const lagging = { get: () => null };
    const heard: ((news: CatalogueNews) => void)[] = [];
    const changes = { subscribe: (listener: (news: CatalogueNews) => void) => (heard.push(listener), () => undefined) };
    const storefront = catalogueValues(
      new DemoCatalogue(
        new RecordingLogger(),
        readDemoCatalogueFile,
        editsOnceMarked(lagging, (shipped) => editedCatalogue(shipped, undefined, { factory: device.factory }), changes),
      ),
    );
    const other = device.tab();
    await other.writer.create(DRAFT);
    expect(await total(storefront)).toBe(72);
    for (const change of other.announced) for (const listener of heard) listener(change);
    expect(await total(storefront)).toBe(73);
  });

  it('a shopper who never edited reads the demo catalogue without opening IndexedDB', async () => {
    const device = localDevice();
    const storefront = device.catalogue();
    expect(await total(storefront)).toBe(72);
    expect(await device.factory.databases()).toEqual([]);
    const { writer } = device.tab();
    await writer.create(DRAFT);
    expect(device.storage.getItem(STORAGE_KEYS.catalogueChanged)).not.toBeNull();
    expect(await total(storefront)).toBe(73);
  });

  it('gives a new product the clock’s date and a fresh id, never one the catalogue has', async () => {
    const device = localDevice();
    const created = await device.tab().writer.create(DRAFT);
    expect(created).toMatchObject({ ok: true, value: { id: 'produit-1', createdAt: '2026-11-23T21:00:00.000Z' } });
    // A second tab whose ids start over again does not reuse produit-1.
    const again = await device.tab().writer.create({ ...DRAFT, slug: 'autre-carafe' });
    expect(again).toMatchObject({ ok: true, value: { id: 'produit-2' } });
  });

  it('two tabs saving the same address at once: one is saved, the other refused', async () => {
    const device = localDevice();
    const [a, b] = await Promise.all([device.tab().writer.create(DRAFT), device.tab().writer.create({ ...DRAFT, name: 'Autre carafe' })]);
    expect([a.ok, b.ok].sort()).toEqual([false, true]);
    expect([a, b].find((r) => !r.ok)).toEqual({ ok: false, error: { code: 'slug-taken', message: SLUG_TAKEN } });
    expect(await total(device.catalogue())).toBe(73);
  });

  it('another tab’s storefront shows the edits, and so does a reload', async () => {
    const device = localDevice();
    const openBefore = device.catalogue();
    await openBefore.list({});
    const shipped = (await openBefore.getBySlug(SHIPPED_SLUG))!;
    await device.tab().writer.remove(shipped.id);
    await device.tab().writer.create(DRAFT);
    expect(await openBefore.getBySlug(SHIPPED_SLUG)).toBeNull();
    expect(await device.catalogue().getBySlug(DRAFT.slug)).toMatchObject({ name: DRAFT.name });
  });

  it('shows kept pictures through resolveImages, and stores their addresses as given', async () => {
    const device = localDevice(async (images) => images.map((image) => image.replace(/^local-picture:/, 'blob:http://localhost/')));
    const created = await device.tab().writer.create({ ...DRAFT, images: ['local-picture:abc', '/images/stock/boutique-1.svg'] });
    expect(created).toMatchObject({ ok: true, value: { images: ['local-picture:abc', '/images/stock/boutique-1.svg'] } });
    expect((await device.catalogue().getBySlug(DRAFT.slug))?.images).toEqual(['blob:http://localhost/abc', '/images/stock/boutique-1.svg']);
  });
});

// ── Supabase: admin_save_product / admin_delete_product through supabase-js ────────────────

describe('Supabase catalogue writer', () => {
  let project: TestProject;
  beforeAll(async () => {
    project = await startTestProject();
  }, 120_000);
  afterAll(async () => {
    await project?.cluster.stop();
  });
  beforeEach(async () => {
    await project.cluster.reset();
  });
  afterEach(() => {
    expect(project.fake.violations).toEqual([]);
  });

  const signedIn = (user = ADMIN_USER) => testClient(project.fake, undefined, async () => project.fake.accessToken(user));
  const storefront = () => catalogueValues(new SupabaseCatalogue(testClient(project.fake), new RecordingLogger()));

  catalogueWriterContract('SupabaseCatalogueWriter', async () => {
    const announced: CatalogueChange[] = [];
    const writer = new SupabaseCatalogueWriter(signedIn(), new RecordingLogger(), (change) => announced.push(change));
    // Time passes for the database as the prices it kept grow older.
    const age = async (days: number) => {
      await project.cluster.query("update public.product_price_history set since = since - $1 * interval '1 day'", [days]);
    };
    return { writer, announced, catalogue: storefront, age };
  });

  it.each([
    ['a signed-in shopper who is not an admin', () => signedIn(SHOPPER_USER)],
    ['a visitor without a session', () => testClient(project.fake)],
  ])('refuses %s in French, and writes nothing', async (_who, client) => {
    const logger = new RecordingLogger();
    const announced: CatalogueChange[] = [];
    const writer = new SupabaseCatalogueWriter(client(), logger, (change) => announced.push(change));
    const shipped = (await storefront().getBySlug(SHIPPED_SLUG))!;
    const refused = { ok: false, error: { code: 'refused', message: REFUSED } };
    expect(await writer.create(DRAFT)).toEqual(refused);
    expect(await writer.update(shipped.id, { ...DRAFT, slug: SHIPPED_SLUG })).toEqual(refused);
    expect(await writer.remove(shipped.id)).toEqual(refused);
    expect(await storefront().getBySlug(DRAFT.slug)).toBeNull();
    expect(await storefront().getBySlug(SHIPPED_SLUG)).toEqual(shipped);
    expect(announced).toEqual([]);
    expect(logger.problems('error').join('\n')).toMatch(/failed \(refused\)/);
  });

  it('says in French that the session expired, or that the server cannot be reached, and writes nothing', async () => {
    const expired = testClient(project.fake, undefined, async () => project.fake.accessToken(ADMIN_USER, { expired: true }));
    expect(await new SupabaseCatalogueWriter(expired, new RecordingLogger()).create(DRAFT)).toEqual({
      ok: false,
      error: { code: 'session-expired', message: 'Votre session a expiré. Reconnectez-vous pour continuer.' },
    });
    project.fake.offline = true;
    try {
      expect(await new SupabaseCatalogueWriter(signedIn(), new RecordingLogger()).remove('1')).toEqual({
        ok: false,
        error: { code: 'network', message: 'Le serveur de la boutique ne répond pas. Vérifiez votre connexion à Internet, puis réessayez.' },
      });
    } finally {
      project.fake.offline = false;
    }
    expect(await storefront().getBySlug(DRAFT.slug)).toBeNull();
    expect(await total(storefront())).toBe(72);
  }, 30_000);

  // The domain (saveProduct) refuses these before any writer sees them; given raw to the writer,
  // as a request forged past the shop would be, each is refused by the database's constraints.
  it.each(REFUSED_DRAFTS)('the database refuses, as the domain does, %s: invalid-product, nothing written', async (_rule, change, refusal) => {
    const draft = { ...DRAFT, ...change };
    expect(validateProductDraft(draft)).toEqual(refusal);
    const announced: CatalogueChange[] = [];
    const writer = new SupabaseCatalogueWriter(signedIn(), new RecordingLogger(), (c) => announced.push(c));
    const invalid = { ok: false, error: { code: 'invalid-product', message: INVALID } };
    expect(await writer.create(draft)).toEqual(invalid);
    const shipped = (await storefront().getBySlug(SHIPPED_SLUG))!;
    expect(await writer.update(shipped.id, { ...draft, slug: draft.slug === DRAFT.slug ? SHIPPED_SLUG : draft.slug })).toEqual(invalid);
    expect(await storefront().getBySlug(SHIPPED_SLUG)).toEqual(shipped);
    expect(await total(storefront())).toBe(72);
    expect(announced).toEqual([]);
  });

  it('a forged draft past the shop’s own check is refused by the database as invalid', async () => {
    // Straight to the SQL function, as a request forged past the form would be.
    const { error } = await signedIn().rpc('admin_save_product', {
      product_id: null,
      slug: 'forge',
      name: 'Forgé',
      description: '',
      price: 12.345,
      on_sale: false,
      stock: 1,
      tags: [],
      images: [],
      category_slug: 'cuisine',
      new_category_name: null,
      vat_rate: 2000,
    });
    expect(error?.code).toBe('23514');
    expect(await storefront().getBySlug('forge')).toBeNull();
  });
});
