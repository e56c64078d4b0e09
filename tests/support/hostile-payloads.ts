// Hostile values for what the shop reads from storage at start-up (issue 27): what a broken
// extension, an older or newer version, a hand in DevTools or an injected script could leave
// under a key. Shared by the unit suite (1,000 runs per key), the UI suite and the end-to-end test.
import fc from 'fast-check';

/** Keys an attacker would try: prototype pollution, and names a parser may special-case. */
const NASTY_KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'valueOf', 'hasOwnProperty', 'then', 'length', ''];

const nastyKey = fc.oneof(fc.constantFrom(...NASTY_KEYS), fc.string({ maxLength: 8 }));

/** A string no UTF-16 pair can complete: what a truncated write or a bad encoder leaves. */
export const loneSurrogate = fc.constantFrom('\uD800', '\uDFFF', 'a\uD83D', '\uDE00b', 'Bol \uD800 bleu');

/** Strings that read as numbers, booleans or nothing: « numbers as strings », « NaN-ish ». */
const numberish = fc.constantFrom('1', '2', '-1', '0', '1e309', 'NaN', 'Infinity', '-Infinity', 'null', 'undefined', 'true', '', ' ', '0x10', '12,50');

/** Numbers a stored price or quantity must never be taken for. */
const badNumber = fc.constantFrom(-1, 0, 0.5, -0, 1e308, -1e308, Number.MAX_SAFE_INTEGER + 2, 2 ** 53);

/** Strings of every hostile kind (long ones built, not generated character by character). */
export const hostileString = fc.oneof(
  fc.string({ maxLength: 20 }),
  loneSurrogate,
  numberish,
  fc.constantFrom('<script>alert(1)</script>', '<img src=x onerror=alert(1)>', '"\'`${}', '\u0000\u202E\uFEFF', 'javascript:alert(1)'),
  fc.integer({ min: 10_000, max: 100_000 }).map((n) => 'é'.repeat(n)),
  fc.integer({ min: 1_000, max: 10_000 }).map((n) => 'ligne\n'.repeat(n)),
);

/** Any JSON value, with hostile leaves and keys, a few levels deep. */
export const hostileValue: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    hostileString,
    badNumber,
    fc.constantFrom(null, true, false),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(nastyKey, tie('value'), { maxKeys: 4 }),
  ),
})).value;

/** Arrays or objects nested thousands deep (JSON.parse copes; recursive code may not). */
export const deepNesting = fc
  .tuple(fc.integer({ min: 100, max: 5_000 }), fc.boolean())
  .map(([depth, objects]) => (objects ? '{"a":'.repeat(depth) + '1' + '}'.repeat(depth) : '['.repeat(depth) + ']'.repeat(depth)));

/** JSON text whose own keys are `__proto__` or `constructor` (JSON.parse makes them own properties). */
export const protoPollution = fc
  .tuple(fc.constantFrom('__proto__', 'constructor'), hostileValue)
  .map(([key, value]) => `{"${key}":{"polluted":true,"isAdmin":true,"toString":${JSON.stringify(value) ?? 'null'}}}`);

/** The raw text of a hostile entry: not JSON, or JSON of the wrong kind. */
export const hostileText: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: hostileValue.map((value) => JSON.stringify(value) ?? 'null'), weight: 10 },
  { arbitrary: hostileString, weight: 10 },
  { arbitrary: deepNesting, weight: 5 },
  { arbitrary: protoPollution, weight: 5 },
  { arbitrary: fc.constantFrom('{pas du JSON', '[1,2', 'NaN', 'undefined', '[NaN]', '{"a":Infinity}', '\uFEFF[]', '[]]'), weight: 5 },
  // Ten thousand lines: a list with that many bad entries, one a line. Each entry is checked and
  // logged, so it is the costly case: 1 run in 36.
  { arbitrary: fc.constant('[' + '\n0,'.repeat(9_999) + '\n0]'), weight: 1 },
);

/** A list some of whose entries are good: the good ones (and their positions) must survive. */
export function mixedList<T>(good: fc.Arbitrary<T>) {
  return fc
    .array(
      fc.oneof(
        good.map((value) => ({ good: true as const, value })),
        hostileValue.map((value) => ({ good: false as const, value })),
      ),
      {
        minLength: 1,
        maxLength: 12,
      },
    )
    .filter((entries) => entries.some((entry) => !entry.good));
}

/** How many runs each key gets in the unit suite (issue 27: at least 1,000). */
export const RUNS_PER_KEY = 1_000;

/** One fixed nasty payload per kind, for the suites that cannot afford a thousand. */
export const SAMPLE_PAYLOADS: readonly string[] = [
  '{pas du JSON',
  'é'.repeat(100_000),
  '['.repeat(3_000) + ']'.repeat(3_000),
  '{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}',
  '["\uD800",{"id":"\uDFFF"}]',
  '{"id":"1","quantity":"2","price":"12.5"}',
  '[NaN]',
  JSON.stringify(Array.from({ length: 10_000 }, (_, i) => ({ line: i }))),
];
