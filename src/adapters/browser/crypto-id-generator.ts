import type { IdGenerator } from '@/ports/id-generator';

export type RandomSource = Pick<Crypto, 'getRandomValues'> & Partial<Pick<Crypto, 'randomUUID'>>;

/**
 * Unguessable ids (unsubscribe tokens must not be predictable), always shaped as a version 4
 * UUID. crypto.randomUUID exists only in secure contexts (HTTPS, localhost): a shop opened
 * over plain HTTP on a local network falls back to getRandomValues, which works everywhere.
 */
export class CryptoIdGenerator implements IdGenerator {
  constructor(private readonly random: RandomSource = globalThis.crypto) {}

  next(): string {
    if (typeof this.random.randomUUID === 'function') return this.random.randomUUID();
    return uuidFromRandomBytes(this.random.getRandomValues(new Uint8Array(16)));
  }
}

function uuidFromRandomBytes(bytes: Uint8Array): string {
  // RFC 9562 §5.4: version 4 in the high nibble of byte 6, variant 10xx in byte 8.
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
