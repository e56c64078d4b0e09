import { describe, expect, it } from 'vitest';
import { deleteProduct } from '@/domain/catalogue/delete-product';
import { PRODUCT_MESSAGES } from '@/domain/catalogue/validate-product-draft';
import { FakeCatalogue } from '../../../fakes/fake-catalogue';
import { FakeCatalogueWriter } from '../../../fakes/fake-catalogue-writer';
import { FakePictureStorage } from '../../../fakes/fake-picture-storage';

async function setup() {
  const catalogue = new FakeCatalogue();
  const writer = new FakeCatalogueWriter(catalogue);
  const pictures = new FakePictureStorage();
  const uploaded = await pictures.upload(new Blob(['a'], { type: 'image/png' }), 'a.png');
  if (!uploaded.ok) throw new Error(uploaded.error.message);
  const product = { ...catalogue.products.find((p) => p.id === 'carnet-lin')!, images: [uploaded.value] };
  return { catalogue, writer, pictures, product };
}

describe('deleteProduct: the product, then its pictures', () => {
  it('deletes the product and removes its pictures from the storage', async () => {
    const { catalogue, writer, pictures, product } = await setup();
    expect(await deleteProduct({ writer, pictures }, product)).toEqual({ ok: true, value: undefined });
    expect(catalogue.products.some((p) => p.id === product.id)).toBe(false);
    expect(pictures.stored.size).toBe(0);
  });

  it('a product deleted elsewhere answers « n’existe plus », and its pictures are left', async () => {
    const { writer, pictures, product } = await setup();
    await writer.remove(product.id);
    expect(await deleteProduct({ writer, pictures }, product)).toEqual({ ok: false, error: { code: 'not-found', message: PRODUCT_MESSAGES.notFound } });
    expect(pictures.stored.size).toBe(1);
  });
});
