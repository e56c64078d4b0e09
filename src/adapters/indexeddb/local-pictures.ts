// A resolver of local pictures that asks for the picture storage (IndexedDbPictureStorage, and
// idb with it, loaded on demand by the composition root) only when a list of pictures holds a
// `local-picture:` address: a shopper's visit never downloads it (the demo catalogue's pictures
// are plain files).
import type { ResolveImages } from '../catalogue-edits/edited-catalogue';

/** The address of a picture kept on this device (IndexedDbPictureStorage) starts so. */
export const LOCAL_PICTURE_PREFIX = 'local-picture:';

/** True for an address IndexedDbPictureStorage gave. */
export function isLocalPicture(address: string): boolean {
  return address.startsWith(LOCAL_PICTURE_PREFIX);
}

/** What the resolver needs of the picture storage (IndexedDbPictureStorage.resolve). */
export interface LocalPictureResolver {
  resolve: ResolveImages;
}

/**
 * A ResolveImages over `pictures` (the container's one storage, loaded on first call):
 * `images` with each `local-picture:` address turned into an object URL (a picture gone from
 * the device is dropped, so the default picture shows); other addresses are kept as they are.
 */
export function resolveLocalPicturesWith(pictures: () => Promise<LocalPictureResolver>): ResolveImages {
  return async (images) => (images.some(isLocalPicture) ? (await pictures()).resolve(images) : images);
}
