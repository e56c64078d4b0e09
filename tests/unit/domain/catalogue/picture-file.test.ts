import { describe, expect, it } from 'vitest';
import { checkPictureFile, formatMegabytes, MAX_PICTURE_BYTES } from '@/domain/catalogue/picture-file';

const PNG_HEAD = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG_HEAD = [0xff, 0xd8, 0xff, 0xe0];
const WEBP_HEAD = [...'RIFF']
  .map((c) => c.charCodeAt(0))
  .concat(
    [0x24, 0, 0, 0],
    [...'WEBPVP8 '].map((c) => c.charCodeAt(0)),
  );

/** A file of `size` bytes starting with `head`, declared as `type`. */
function file(head: readonly number[], size = 64, type = ''): Blob {
  const bytes = new Uint8Array(size);
  bytes.set(head.slice(0, size));
  return new Blob([bytes], { type });
}
const text = (content: string, type = '') => new Blob([content], { type });

const ACCEPTED = 'Formats acceptés\u00a0: JPEG, PNG ou WebP.';
const refused = (message: string) => ({ ok: false, error: { code: 'invalid-picture', message } });

describe('checkPictureFile', () => {
  it.each([
    ['JPEG', JPEG_HEAD, 'image/jpeg', 'jpg'],
    ['PNG', PNG_HEAD, 'image/png', 'png'],
    ['WebP', WEBP_HEAD, 'image/webp', 'webp'],
  ] as const)('accepts a %s by its first bytes, with its type and extension', async (_name, head, type, extension) => {
    const result = await checkPictureFile(file(head), 'photo');
    expect(result.ok && { type: result.value.type, extension: result.value.extension, length: result.value.bytes.length }).toEqual({
      type,
      extension,
      length: 64,
    });
  });

  it('decides by the bytes, not the declared type nor the name: a PNG named .jpg and declared JPEG is a PNG', async () => {
    const result = await checkPictureFile(file(PNG_HEAD, 64, 'image/jpeg'), 'photo.jpg');
    expect(result.ok && result.value.type).toBe('image/png');
  });

  it('keeps the very bytes of the file', async () => {
    const bytes = new Uint8Array([...PNG_HEAD, 1, 2, 3]);
    const result = await checkPictureFile(new Blob([bytes]), 'p.png');
    expect(result.ok && [...result.value.bytes]).toEqual([...bytes]);
  });

  it('refuses a file whose bytes are not a picture, even declared image/png and named .png', async () => {
    expect(await checkPictureFile(text('Bonjour, ceci est du texte.', 'image/png'), 'faux.png')).toEqual(
      refused(`Le fichier «\u202ffaux.png\u202f» n’est pas une image acceptée. ${ACCEPTED}`),
    );
  });

  it.each([
    ['a GIF', [...'GIF89a'].map((c) => c.charCodeAt(0))],
    ['a PDF', [...'%PDF-1.7'].map((c) => c.charCodeAt(0))],
    ['a RIFF that is not WebP (a WAV)', [...'RIFF\x24\x00\x00\x00WAVE'].map((c) => c.charCodeAt(0))],
    ['a truncated PNG signature', PNG_HEAD.slice(0, 7)],
    ['a WEBP mark without its RIFF header', [...'RIFX\x24\x00\x00\x00WEBPVP8 '].map((c) => c.charCodeAt(0))],
  ])('refuses %s with the accepted types named', async (_name, head) => {
    expect(await checkPictureFile(file(head, head.length), 'document')).toEqual(
      refused(`Le fichier «\u202fdocument\u202f» n’est pas une image acceptée. ${ACCEPTED}`),
    );
  });

  it.each([
    ['by its text', text('<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), 'dessin'],
    ['by its declared type', text('<g/>', 'image/svg+xml'), 'dessin'],
    ['by its name', text('<g/>'), 'dessin.svg'],
    ['by its name, in capitals and with stray spaces', text('<g/>'), ' Dessin.SVG  '],
  ])('refuses an SVG (%s): it can carry scripts', async (_how, blob, name) => {
    expect(await checkPictureFile(blob, name)).toEqual(
      refused(`Le fichier «\u202f${name.trim()}\u202f» est une image SVG, refusée car elle peut contenir du code. ${ACCEPTED}`),
    );
  });

  it('does not take a name that merely contains .svg for an SVG', async () => {
    expect(await checkPictureFile(text('<g/>', 'text/plain'), 'dessin.svg.txt')).toEqual(
      refused(`Le fichier «\u202fdessin.svg.txt\u202f» n’est pas une image acceptée. ${ACCEPTED}`),
    );
  });

  it('accepts a file of exactly MAX_PICTURE_BYTES (2 Mo) and refuses one byte more, giving the limit as « 2 Mo »', async () => {
    expect(MAX_PICTURE_BYTES).toBe(2_097_152);
    expect((await checkPictureFile(file(PNG_HEAD, MAX_PICTURE_BYTES), 'grande.png')).ok).toBe(true);
    expect(await checkPictureFile(file(PNG_HEAD, MAX_PICTURE_BYTES + 1), 'trop-grande.png')).toEqual(
      refused('Le fichier «\u202ftrop-grande.png\u202f» dépasse la taille maximale de 2\u00a0Mo par image.'),
    );
  });

  it('refuses an empty file', async () => {
    expect(await checkPictureFile(new Blob([]), 'vide.png')).toEqual(refused('Le fichier «\u202fvide.png\u202f» est vide.'));
  });

  it('says « Le fichier » when the file has no name', async () => {
    expect(await checkPictureFile(new Blob([]), '  ')).toEqual(refused('Le fichier est vide.'));
  });
});

describe('formatMegabytes', () => {
  it('writes mégaoctets the French way, with a decimal comma and a no-break space', () => {
    expect(formatMegabytes(2 * 1024 * 1024)).toBe('2\u00a0Mo');
    expect(formatMegabytes(1.5 * 1024 * 1024)).toBe('1,5\u00a0Mo');
    expect(formatMegabytes(1.25 * 1024 * 1024)).toBe('1,3\u00a0Mo');
  });
});
