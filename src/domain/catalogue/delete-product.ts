import type { CatalogueWriter } from '@/ports/catalogue-writer';
import type { PictureStorage } from '@/ports/picture-storage';
import type { Result } from '../result';
import type { CatalogueProduct } from './catalogue-product';

/**
 * The back office's « Supprimer » (after its confirmation): the writer deletes the product, then
 * its pictures are removed from the storage (the demo's own are left alone by the storage). A
 * product already deleted elsewhere answers the writer's 'not-found', and its pictures are kept.
 */
export async function deleteProduct(
  { writer, pictures }: { writer: Pick<CatalogueWriter, 'remove'>; pictures: Pick<PictureStorage, 'remove'> },
  product: CatalogueProduct,
): Promise<Result<undefined>> {
  const removed = await writer.remove(product.id);
  if (removed.ok) await Promise.all(product.images.map((url) => pictures.remove(url)));
  return removed;
}
