import { fail, ok, type Result } from '../result';

// What the back office accepts as a product picture (issue 12). The type is read from the
// file's first bytes (its magic number): a declared MIME type or a file name is a claim anyone
// can make. SVG is refused: it is XML that can carry scripts, shown on the storefront.

/** The largest picture the catalogue keeps: 2 Mo (the `catalogue` bucket's file_size_limit too). */
export const MAX_PICTURE_BYTES = 2 * 1024 * 1024;

const BYTES_PER_MO = 1024 * 1024;

/** The picture types the catalogue keeps, each with the extension of its stored name. */
export const PICTURE_TYPES = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
} as const;

type PictureType = keyof typeof PICTURE_TYPES;

/** A file that passed the check: its type as its bytes say, and those bytes. */
export interface CheckedPicture {
  type: PictureType;
  extension: (typeof PICTURE_TYPES)[PictureType];
  bytes: Uint8Array<ArrayBuffer>;
}

/** « 2 Mo »: a size in mégaoctets (1 Mo = 1 048 576 octets), written the French way. */
export function formatMegabytes(bytes: number): string {
  return `${(bytes / BYTES_PER_MO).toLocaleString('fr-FR', { maximumFractionDigits: 1 })}\u00a0Mo`;
}

const ACCEPTED = 'Formats acceptés\u00a0: JPEG, PNG ou WebP.';
/** « Le fichier « photo.png » », or « Le fichier » when it has no name. */
const theFile = (fileName: string) => (fileName.trim() === '' ? 'Le fichier' : `Le fichier «\u202f${fileName.trim()}\u202f»`);

export const PICTURE_MESSAGES = {
  empty: (fileName: string) => `${theFile(fileName)} est vide.`,
  tooBig: (fileName: string) => `${theFile(fileName)} dépasse la taille maximale de ${formatMegabytes(MAX_PICTURE_BYTES)} par image.`,
  svgRefused: (fileName: string) => `${theFile(fileName)} est une image SVG, refusée car elle peut contenir du code. ${ACCEPTED}`,
  typeRefused: (fileName: string) => `${theFile(fileName)} n’est pas une image acceptée. ${ACCEPTED}`,
  /** The device would not keep the picture (local mode: IndexedDB full or refused). */
  notSavedOnDevice: 'L’image n’a pas pu être enregistrée sur cet appareil (stockage plein ou indisponible).',
  notRemovedFromDevice: 'L’image n’a pas pu être supprimée de cet appareil (stockage indisponible). Réessayez.',
} as const;

// Past the end, bytes[i] is undefined: a file too short for the signature does not match.
const startsWith = (bytes: Uint8Array, signature: readonly number[], at = 0) => signature.every((byte, i) => bytes[at + i] === byte);

const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

/** The type the first bytes say, or null. */
function pictureTypeOf(bytes: Uint8Array): PictureType | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  // RIFF, the size of what follows (4 bytes), WEBP.
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'image/webp';
  return null;
}

/** SVG by its text (an `<svg` element near the start), its declared type or its name. */
function looksLikeSvg(bytes: Uint8Array, declaredType: string, fileName: string): boolean {
  // A Blob's type is lower case (File API); a name may come with stray spaces.
  if (declaredType.startsWith('image/svg') || /\.svgz?$/i.test(fileName.trim())) return true;
  const head = new TextDecoder().decode(bytes.subarray(0, 1024));
  return /<svg[\s>]/i.test(head);
}

/**
 * Checks a file the admin chose as a product picture: not empty, at most MAX_PICTURE_BYTES, and
 * a JPEG, PNG or WebP by its first bytes. Answers the checked type and bytes (what the
 * storage keeps), or 'invalid-picture' with a French message naming the file.
 */
export async function checkPictureFile(file: Blob, fileName: string): Promise<Result<CheckedPicture>> {
  if (file.size === 0) return fail('invalid-picture', PICTURE_MESSAGES.empty(fileName));
  if (file.size > MAX_PICTURE_BYTES) return fail('invalid-picture', PICTURE_MESSAGES.tooBig(fileName));
  const bytes = new Uint8Array(await file.arrayBuffer());
  const type = pictureTypeOf(bytes);
  if (type === null) {
    const svg = looksLikeSvg(bytes, file.type, fileName);
    return fail('invalid-picture', svg ? PICTURE_MESSAGES.svgRefused(fileName) : PICTURE_MESSAGES.typeRefused(fileName));
  }
  return ok({ type, extension: PICTURE_TYPES[type], bytes });
}
