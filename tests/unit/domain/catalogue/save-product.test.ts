import { FakeClock } from '../../../fakes/fake-clock';
import { describe, expect, it } from 'vitest';
import { saveProduct } from '@/domain/catalogue/save-product';
import { PRODUCT_MESSAGES, type ProductFormInput } from '@/domain/catalogue/validate-product-draft';
import { fail } from '@/domain/result';
import { FakeCatalogue } from '../../../fakes/fake-catalogue';
import { FakeCatalogueWriter } from '../../../fakes/fake-catalogue-writer';
import { FakePictureStorage } from '../../../fakes/fake-picture-storage';

const FORM: ProductFormInput = {
  name: 'Théière en fonte',
  slug: 'theiere-en-fonte',
  description: 'Une théière.',
  price: '49,90',
  onSale: false,
  categorySlug: 'cuisine',
  newCategoryName: '',
  stock: '7',
  tags: 'fonte, thé',
  images: [],
  vatRate: '2000',
};

function setup() {
  const catalogue = new FakeCatalogue();
  const writer = new FakeCatalogueWriter(catalogue);
  const pictures = new FakePictureStorage();
  const writes: string[] = [];
  const counted = {
    create: (...args: Parameters<FakeCatalogueWriter['create']>) => (writes.push('create'), writer.create(...args)),
    update: (...args: Parameters<FakeCatalogueWriter['update']>) => (writes.push('update'), writer.update(...args)),
    remove: (id: string) => writer.remove(id),
  };
  const ports = { catalogue, writer: counted, pictures, clock: new FakeClock('2026-11-23T12:00:00.000Z') };
  return { catalogue, writer: counted, pictures, writes, ports };
}

const INVALID = { ok: false, error: { code: 'invalid-product', message: 'Le produit n’a pas été enregistré\u00a0: corrigez les champs signalés.' } };
const SLUG_TAKEN = 'Cette adresse est déjà celle d’un autre produit. Choisissez-en une autre.';

describe('saveProduct: the one place a product is checked', () => {
  it('creates a valid product from the form, trimmed and with the decimal comma read', async () => {
    const { ports, catalogue } = setup();
    const saved = await saveProduct(ports, { form: { ...FORM, name: ' Théière en fonte ' }, product: null });
    expect(saved).toMatchObject({ ok: true, value: { name: 'Théière en fonte', price: 49.9, stock: 7, tags: ['fonte', 'thé'], category: 'cuisine' } });
    expect(catalogue.products.at(-1)?.slug).toBe('theiere-en-fonte');
  });

  it('refuses a form with wrong fields before any write: every field’s French message, and the summary’s', async () => {
    const { ports, writes } = setup();
    const refused = await saveProduct(ports, { form: { ...FORM, name: '', price: '12,345', stock: '' }, product: null });
    expect(refused).toEqual({
      ...INVALID,
      fields: { name: PRODUCT_MESSAGES.nameRequired, price: PRODUCT_MESSAGES.priceDecimals, stock: PRODUCT_MESSAGES.stockRequired },
    });
    expect(writes).toEqual([]);
  });

  it.each([
    ['name', { name: 'n'.repeat(121) }, PRODUCT_MESSAGES.nameTooLong],
    ['slug', { slug: 'Theiere' }, PRODUCT_MESSAGES.slugInvalid],
    ['price', { price: '0' }, PRODUCT_MESSAGES.pricePositive],
    ['onSale', { onSale: true }, PRODUCT_MESSAGES.noReduction],
    ['category', { categorySlug: '', newCategoryName: '!!!' }, PRODUCT_MESSAGES.categoryNameInvalid],
    ['stock', { stock: '1000001' }, PRODUCT_MESSAGES.stockTooHigh],
  ] as const)('refuses a wrong %s with its rule’s message, and writes nothing', async (field, change, message) => {
    const { ports, writes } = setup();
    expect(await saveProduct(ports, { form: { ...FORM, ...change }, product: null })).toEqual({ ...INVALID, fields: { [field]: message } });
    expect(writes).toEqual([]);
  });

  it('a reduction is saved against the lowest price of the 30 days before it, and refused where there is none, before any write', async () => {
    const { ports, catalogue, writes } = setup();
    const plaid = catalogue.products.find((p) => p.id === 'plaid-laine-moutarde')!;
    // 59 € for 60 days, 49 € since 20 days: the lowest of the 30 days before now is 49 €.
    catalogue.histories.set(plaid.id, [
      { price: 59, since: '2026-09-24T12:00:00.000Z' },
      { price: 49, since: '2026-11-03T12:00:00.000Z' },
    ]);
    const form = { ...FORM, name: plaid.name, slug: plaid.slug, categorySlug: plaid.category, onSale: true };
    const noReduction = { ...INVALID, fields: { onSale: PRODUCT_MESSAGES.noReduction } };
    // 49 € is the reduction running since 20 days (against 59 €): kept.
    expect(await saveProduct(ports, { form: { ...form, price: '49' }, product: plaid })).toMatchObject({ ok: true, value: { originalPrice: 59 } });
    // 55 € rises from 49 €: no reduction; 59 € neither.
    catalogue.histories.set(plaid.id, [
      { price: 59, since: '2026-09-24T12:00:00.000Z' },
      { price: 49, since: '2026-11-03T12:00:00.000Z' },
    ]);
    expect(await saveProduct(ports, { form: { ...form, price: '55' }, product: plaid })).toEqual(noReduction);
    expect(await saveProduct(ports, { form: { ...form, price: '59' }, product: plaid })).toEqual(noReduction);
    // A new product has no earlier price.
    expect(await saveProduct(ports, { form: { ...FORM, onSale: true }, product: null })).toEqual(noReduction);
    expect(writes).toEqual(['update']);
  });

  it('refuses an address another product has, beside the address, before any write', async () => {
    const { ports, writes } = setup();
    expect(await saveProduct(ports, { form: { ...FORM, slug: 'carnet-lin' }, product: null })).toEqual({ ...INVALID, fields: { slug: SLUG_TAKEN } });
    expect(writes).toEqual([]);
  });

  it('lets a product keep its own address when it is edited', async () => {
    const { ports, catalogue } = setup();
    const carnet = catalogue.products.find((p) => p.id === 'carnet-lin')!;
    const saved = await saveProduct(ports, { form: { ...FORM, slug: 'carnet-lin', price: '13' }, product: carnet });
    expect(saved).toMatchObject({ ok: true, value: { id: 'carnet-lin', slug: 'carnet-lin', price: 13 } });
  });

  it('an address taken meanwhile (the writer answers slug-taken) is said beside the address', async () => {
    const { ports, writer } = setup();
    writer.create = async () => fail('slug-taken', PRODUCT_MESSAGES.slugTaken);
    expect(await saveProduct(ports, { form: FORM, product: null })).toEqual({
      ok: false,
      error: { code: 'slug-taken', message: PRODUCT_MESSAGES.slugTaken },
      fields: { slug: PRODUCT_MESSAGES.slugTaken },
    });
  });

  it('a catalogue that cannot answer leaves the address to the writer', async () => {
    const { ports, catalogue } = setup();
    catalogue.failing = true;
    expect(await saveProduct(ports, { form: FORM, product: null })).toMatchObject({ ok: true });
  });

  it('any other refusal of the writer is answered as it is, with no field to fix', async () => {
    const { ports, writer } = setup();
    writer.update = async () => fail('network', 'Le serveur ne répond pas.');
    const carnet = ports.catalogue.products.find((p) => p.id === 'carnet-lin')!;
    expect(await saveProduct(ports, { form: FORM, product: carnet })).toEqual({
      ok: false,
      error: { code: 'network', message: 'Le serveur ne répond pas.' },
      fields: {},
    });
  });

  it('once saved, removes from the storage the pictures the product no longer shows, and only then', async () => {
    const { ports, pictures, writer, catalogue } = setup();
    const kept = (await pictures.upload(new Blob(['a'], { type: 'image/png' }), 'a.png')) as { ok: true; value: string };
    const dropped = (await pictures.upload(new Blob(['b'], { type: 'image/png' }), 'b.png')) as { ok: true; value: string };
    const carnet = { ...catalogue.products.find((p) => p.id === 'carnet-lin')!, images: [kept.value, dropped.value] };
    const form = { ...FORM, slug: 'carnet-lin', images: [kept.value] };
    writer.update = async () => fail('network', 'Le serveur ne répond pas.');
    await saveProduct(ports, { form, product: carnet });
    expect([...pictures.stored.keys()]).toEqual([kept.value, dropped.value]);
    writer.update = (...args) => new FakeCatalogueWriter(catalogue).update(...args);
    expect(await saveProduct(ports, { form, product: carnet })).toMatchObject({ ok: true, value: { images: [kept.value] } });
    expect([...pictures.stored.keys()]).toEqual([kept.value]);
  });
});
