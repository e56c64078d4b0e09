import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export type ImageKind = 'svg' | 'png' | 'jpeg' | 'webp';

const SVG_ROOT = /^\s*(<\?xml[^>]*\?>\s*)?(<!--[\s\S]*?-->\s*)*<svg\b[^>]*\sxmlns="http:\/\/www\.w3\.org\/2000\/svg"/;

/**
 * What the file behind a site path (`/images/…`) in public/ is, judged by its bytes, not its
 * name; null when there is no such file or it is no picture. A wrong path would be answered by
 * the preview server's index.html: a 200, but no image.
 */
export function publicImageKind(sitePath: string): ImageKind | null {
  let bytes: Buffer;
  try {
    bytes = readFileSync(join('public', sitePath));
  } catch {
    return null;
  }
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP') return 'webp';
  return SVG_ROOT.test(bytes.toString('utf8')) && sitePath.endsWith('.svg') ? 'svg' : null;
}
