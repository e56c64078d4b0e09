/**
 * Salted PBKDF2-SHA-256 password hashes as one string:
 *   pbkdf2-sha256$<iterations>$<saltBase64>$<hashBase64>
 * scripts/generate/admin-hash.mjs writes the same format with node:crypto; both sides NFC-normalise
 * the password so an accented password typed on another keyboard still matches.
 * WebCrypto (crypto.subtle) is used, available in browsers (secure contexts) and Node 20.
 */
const PASSWORD_HASH_SCHEME = 'pbkdf2-sha256';
const PBKDF2_ITERATIONS = 600_000;
const SALT_BYTES = 16;
const KEY_BYTES = 32;
// A mistyped iteration count with extra zeros would freeze every sign-in attempt.
const MAX_ITERATIONS = 10_000_000;

export interface PasswordHash {
  iterations: number;
  salt: Uint8Array<ArrayBuffer>;
  hash: Uint8Array<ArrayBuffer>;
}

export type ParsedPasswordHash = { ok: true; value: PasswordHash } | { ok: false; reason: string };

export function parsePasswordHash(text: string): ParsedPasswordHash {
  const parts = text.trim().split('$');
  if (parts.length !== 4) return malformed(`expected 4 "$"-separated parts, found ${parts.length}`);
  const [scheme, iterationsText = '', saltText = '', hashText = ''] = parts;
  if (scheme !== PASSWORD_HASH_SCHEME) return malformed(`unknown scheme "${scheme}"`);
  if (!/^[1-9][0-9]*$/.test(iterationsText)) return malformed('the iteration count is not a positive integer');
  const iterations = Number(iterationsText);
  if (iterations > MAX_ITERATIONS) return malformed(`more than ${MAX_ITERATIONS} iterations`);
  const salt = fromBase64(saltText);
  if (!salt || salt.length < SALT_BYTES) return malformed(`the salt is not base64 of at least ${SALT_BYTES} bytes`);
  const hash = fromBase64(hashText);
  if (!hash || hash.length !== KEY_BYTES) return malformed(`the hash is not base64 of ${KEY_BYTES} bytes`);
  return { ok: true, value: { iterations, salt, hash } };
}

function formatPasswordHash({ iterations, salt, hash }: PasswordHash): string {
  return [PASSWORD_HASH_SCHEME, String(iterations), toBase64(salt), toBase64(hash)].join('$');
}

/** Makes a new hash string with a random salt (the script's TypeScript twin, used by tests). */
export async function hashPassword(password: string, options: { iterations?: number; salt?: Uint8Array<ArrayBuffer> } = {}): Promise<string> {
  const iterations = options.iterations ?? PBKDF2_ITERATIONS;
  const salt = options.salt ?? globalThis.crypto.getRandomValues(new Uint8Array(SALT_BYTES));
  const hash = await derive(password, salt, iterations, KEY_BYTES);
  return formatPasswordHash({ iterations, salt, hash });
}

export async function verifyPassword(password: string, expected: PasswordHash): Promise<boolean> {
  const actual = await derive(password, expected.salt, expected.iterations, expected.hash.length);
  return equalInConstantTime(actual, expected.hash);
}

async function derive(password: string, salt: Uint8Array<ArrayBuffer>, iterations: number, length: number): Promise<Uint8Array<ArrayBuffer>> {
  const { subtle } = globalThis.crypto;
  const key = await subtle.importKey('raw', new TextEncoder().encode(password.normalize('NFC')), 'PBKDF2', false, ['deriveBits']);
  const bits = await subtle.deriveBits({ name: 'PBKDF2', hash: 'SHA-256', salt, iterations }, key, length * 8);
  return new Uint8Array(bits);
}

/** Looks at every byte whatever the first difference, so timing says nothing about the hash. */
function equalInConstantTime(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let i = 0; i < a.length; i++) difference |= (a[i] ?? 0) ^ (b[i] ?? 0);
  return difference === 0;
}

function malformed(reason: string): ParsedPasswordHash {
  return { ok: false, reason };
}

function fromBase64(text: string): Uint8Array<ArrayBuffer> | null {
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(text)) return null;
  try {
    return Uint8Array.from(atob(text), (char) => char.charCodeAt(0));
  } catch {
    return null;
  }
}

function toBase64(bytes: Uint8Array): string {
  return btoa(Array.from(bytes, (byte) => String.fromCharCode(byte)).join(''));
}
