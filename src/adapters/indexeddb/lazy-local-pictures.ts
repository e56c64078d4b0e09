// A resolver of local pictures that loads IndexedDbPictureStorage (and idb) only when a list of
// pictures holds a `local-picture:` address: a shopper's visit never downloads it (the demo
// catalogue's pictures are plain files).
import { isLocalPicture } from './local-picture-address';

/**
 * `images` with each `local-picture:` address turned into an object URL (a picture gone from
 * the device is dropped, so the default picture shows); other addresses are kept as they are.
 */
export async function resolveLocalPicturesLazily(images: readonly string[]): Promise<readonly string[]> {
  if (!images.some(isLocalPicture)) return images;
  const { resolveLocalPictures } = await import('./indexeddb-picture-storage');
  return resolveLocalPictures(images);
}
