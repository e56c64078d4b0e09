// The address of a picture kept on this device (IndexedDbPictureStorage).

export const LOCAL_PICTURE_PREFIX = 'local-picture:';

/** True for an address IndexedDbPictureStorage gave. */
export function isLocalPicture(address: string): boolean {
  return address.startsWith(LOCAL_PICTURE_PREFIX);
}
