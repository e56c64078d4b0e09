import { describe, expect, it } from 'vitest';
import { CryptoIdGenerator } from '@/adapters/browser/crypto-id-generator';
import type { IdGenerator } from '@/ports/id-generator';

const adapters: Array<{ name: string; make(): IdGenerator }> = [
  { name: 'CryptoIdGenerator (crypto.randomUUID)', make: () => new CryptoIdGenerator() },
  {
    // What a page served over plain HTTP (not a secure context) gets: no randomUUID.
    name: 'CryptoIdGenerator (getRandomValues fallback)',
    make: () => new CryptoIdGenerator({ getRandomValues: (array) => globalThis.crypto.getRandomValues(array) }),
  },
];

describe.each(adapters)('IdGenerator contract: $name', ({ make }) => {
  const ids = Array.from(
    { length: 1000 },
    (
      (generator) => () =>
        generator.next()
    )(make()),
  );

  it('gives 1000 different ids', () => {
    expect(new Set(ids).size).toBe(1000);
  });

  it('gives non-empty ids that can go in a URL as they are', () => {
    for (const id of ids) {
      expect(id).toMatch(/^[A-Za-z0-9_-]+$/);
      expect(encodeURIComponent(id)).toBe(id);
    }
  });

  it('gives ids of the same shape whichever source is used (a version 4 UUID)', () => {
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});
