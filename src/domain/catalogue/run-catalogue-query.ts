import type { Product } from '../product';
import { fail, ok, type Result } from '../result';
import type { Category, CatalogueProduct } from './catalogue-product';
import {
  boundedTotal,
  countLimit,
  COUNT_BOUND,
  pagingOf,
  usableNumber as usable,
  type CataloguePage,
  type CatalogueQuery,
  type SortOrder,
} from './catalogue-query';

// One query engine for every adapter that holds its products in memory (the demo catalogue,
// the test fakes), so they all filter, rank and page exactly alike.

// Made when first needed: making the first French collator of a page takes tens of milliseconds,
// and most lists never need it (see byName).
let collator: Intl.Collator | undefined;
const frenchCollator = () => (collator ??= new Intl.Collator('fr'));

const MARKS = /\p{M}+/gu;
const LIGATURES = /[œæß]/g;
const SPELLED_OUT: Record<string, string> = { œ: 'oe', æ: 'ae', ß: 'ss' };
const NOT_A_WORD = /[^\p{L}\p{N}]+/gu;

/**
 * How long a search may be: a search box sends a few words. The database's catalogue_search
 * refuses the same (CM006), so a longer one costs nothing anywhere.
 */
const SEARCH_LIMITS = { words: 20, characters: 200 } as const;
const SEARCH_TOO_LONG_MESSAGE = `Recherche trop longue\u00a0: ${SEARCH_LIMITS.words} mots et ${SEARCH_LIMITS.characters} caractères au plus.`;

/** The words of a search (normalised, as every adapter matches them), or its refusal past SEARCH_LIMITS. */
export function searchWords(text: string | undefined): Result<readonly string[]> {
  const words = normalizeSearchText(text ?? '')
    .split(' ')
    .filter(Boolean);
  const characters = words.reduce((sum, word) => sum + word.length, 0);
  return words.length > SEARCH_LIMITS.words || characters > SEARCH_LIMITS.characters ? fail('search-too-long', SEARCH_TOO_LONG_MESSAGE) : ok(words);
}

/** Lower case, no accents (NFD), ligatures spelled out, any punctuation turned into a space. */
export function normalizeSearchText(text: string): string {
  return text
    .normalize('NFD')
    .replace(MARKS, '')
    .toLowerCase()
    .replace(LIGATURES, (letter) => SPELLED_OUT[letter] ?? letter)
    .replace(NOT_A_WORD, ' ')
    .trim();
}

/** The discount as a whole percentage; 0 unless an original price above the price is known. */
export function discountPercent(product: Pick<Product, 'price' | 'originalPrice'>): number {
  const { price, originalPrice } = product;
  if (originalPrice === undefined || !Number.isFinite(originalPrice) || !Number.isFinite(price)) return 0;
  if (originalPrice <= 0 || originalPrice <= price) return 0;
  return Math.round(((originalPrice - price) / originalPrice) * 100);
}

/** What can be bought now: flagged in stock and with units on hand. */
function isAvailable(product: Pick<CatalogueProduct, 'inStock' | 'stock'>): boolean {
  return product.inStock && product.stock > 0;
}

/** Searchable text, normalized once; each field starts with a space, so that every word,
 *  the first included, follows a space. */
interface SearchText {
  name: string;
  tags: string;
  description: string;
  /** The three fields together: one look rules most products out. */
  all: string;
}

/** What a query reads of one product, in one flat shape: products come in many shapes (with
 *  or without originalPrice, frozen or not), and a loop over uniform objects is many times faster.
 *  The normalized name and text are filled in when a query first needs them. */
interface Entry {
  product: CatalogueProduct;
  category: string;
  price: number;
  available: boolean;
  discount: number;
  createdAt: number;
  sortName: string | null;
  text: SearchText | null;
}

// Catalogues are immutable and hand out the same objects on every call, so the costly part of
// a query (normalizing text, flattening products) is done once per product and per list.
const texts = new WeakMap<CatalogueProduct, SearchText>();
const entryLists = new WeakMap<readonly CatalogueProduct[], readonly Entry[]>();

function textOf(entry: Entry): SearchText {
  if (entry.text) return entry.text;
  let text = texts.get(entry.product);
  if (!text) {
    const name = ` ${normalizeSearchText(entry.product.name)}`;
    const tags = ` ${normalizeSearchText(entry.product.tags.join(' '))}`;
    const description = ` ${normalizeSearchText(entry.product.description)}`;
    text = { name, tags, description, all: name + tags + description };
    texts.set(entry.product, text);
  }
  entry.text = text;
  entry.sortName = text.name;
  return text;
}

function sortNameOf(entry: Entry): string {
  return (entry.sortName ??= entry.text?.name ?? ` ${normalizeSearchText(entry.product.name)}`);
}

function toEntry(product: CatalogueProduct): Entry {
  const createdAt = Date.parse(product.createdAt);
  return {
    product,
    category: product.category,
    price: product.price,
    available: isAvailable(product),
    discount: discountPercent(product),
    createdAt: Number.isNaN(createdAt) ? 0 : createdAt,
    sortName: null,
    text: null,
  };
}

function entriesOf(products: readonly CatalogueProduct[]): readonly Entry[] {
  const cached = entryLists.get(products);
  if (cached && cached.length === products.length && cached.every((entry, i) => entry.product === products[i])) {
    return cached;
  }
  const entries = products.map(toEntry);
  entryLists.set(products, entries);
  return entries;
}

const WEIGHT = { name: 8, tags: 4, category: 2, description: 1 } as const;
/** An exact word (a word of the field starts with it) counts this many times a close one. */
const EXACT_FACTOR = 16;
/** The shortest word forgiven one wrong, missing or extra letter. */
const CLOSE_WORD_MIN_LENGTH = 4;

const SPACE = 32;

/** Whether a word of `field` starts with `word`. Searching for the word itself and checking the
 *  character before is several times faster than `field.includes(' ' + word)`: a space is
 *  everywhere, the word's first letter is not. */
function hasWordStartingWith(field: string, word: string): boolean {
  for (let at = field.indexOf(word); at !== -1; at = field.indexOf(word, at + 1)) {
    if (field.charCodeAt(at - 1) === SPACE) return true;
  }
  return false;
}

/** Whether `a` and `b` are one letter apart: one wrong, missing or extra letter. */
function oneLetterApart(a: string, b: string): boolean {
  if (a === b || Math.abs(a.length - b.length) > 1) return false;
  const [short, long] = a.length <= b.length ? [a, b] : [b, a];
  let i = 0;
  while (i < short.length && short[i] === long[i]) i += 1;
  // Past the first difference, the rest must agree: shifted by one (a letter missing), or not (one wrong).
  return short.length === long.length ? short.slice(i + 1) === long.slice(i + 1) : short.slice(i) === long.slice(i + 1);
}

/** Whether a word of `field` is one letter away from `word` (a word of CLOSE_WORD_MIN_LENGTH or more). */
function hasCloseWord(field: string, word: string): boolean {
  if (word.length < CLOSE_WORD_MIN_LENGTH) return false;
  for (const candidate of field.split(' ')) if (oneLetterApart(candidate, word)) return true;
  return false;
}

/** The field's weight times EXACT_FACTOR for an exact word, times 1 for a close one, else 0. */
function fieldHit(field: string, word: string, weight: number): number {
  if (hasWordStartingWith(field, word)) return weight * EXACT_FACTOR;
  return hasCloseWord(field, word) ? weight : 0;
}

/**
 * The product's relevance to `words`, or -1 when one of the words matches nowhere. A word matches
 * a field when a word of the field starts with it (exact), or is one letter away from it (close:
 * see CLOSE_WORD_MIN_LENGTH); exact words weigh EXACT_FACTOR times more, so they rank first.
 * The database's catalogue_search_hits applies the same rule (supabase/migrations).
 */
function score(text: SearchText, categoryName: string, words: readonly string[]): number {
  let total = 0;
  for (const word of words) {
    const hit =
      fieldHit(text.name, word, WEIGHT.name) +
      fieldHit(text.tags, word, WEIGHT.tags) +
      fieldHit(categoryName, word, WEIGHT.category) +
      fieldHit(text.description, word, WEIGHT.description);
    if (hit === 0) return -1;
    total += hit;
  }
  return total;
}

interface Hit {
  entry: Entry;
  score: number;
}

type Compare = (a: Hit, b: Hit) => number;

function compareStrings(a: string, b: string): number {
  if (a === b) return 0;
  return a < b ? -1 : 1;
}

// Intl.Collator#compare costs about a microsecond, too slow for sorting thousands of ties.
// The normalized names (no accents, no case, punctuation as spaces) already order as the French
// collation does at its first level; the collator only settles names equal at that level.
const byName: Compare = (a, b) =>
  compareStrings(sortNameOf(a.entry), sortNameOf(b.entry)) ||
  frenchCollator().compare(a.entry.product.name, b.entry.product.name) ||
  compareStrings(a.entry.product.id, b.entry.product.id);
const byNewest: Compare = (a, b) => b.entry.createdAt - a.entry.createdAt || byName(a, b);

const COMPARE: Record<SortOrder, Compare> = {
  pertinence: (a, b) => b.score - a.score || byNewest(a, b),
  'prix-croissant': (a, b) => a.entry.price - b.entry.price || byName(a, b),
  'prix-decroissant': (a, b) => b.entry.price - a.entry.price || byName(a, b),
  nouveautes: byNewest,
  remises: (a, b) => b.entry.discount - a.entry.discount || byNewest(a, b),
};

/**
 * Filters, ranks and pages `products` as `query` asks. `categories` gives the category names
 * that text search also looks at (without them, the category slug stands in for its name).
 */
export function runCatalogueQuery(
  products: readonly CatalogueProduct[],
  query: CatalogueQuery,
  categories: readonly Category[] = [],
  countBound: number = COUNT_BOUND,
): CataloguePage {
  const words = normalizeSearchText(query.text ?? '')
    .split(' ')
    .filter(Boolean);
  const minPrice = usable(query.minPrice);
  const maxPrice = usable(query.maxPrice);
  const maxStock = usable(query.maxStock);
  const categoryNames = new Map<string, string>();
  const categoryName = (slug: string): string => {
    let name = categoryNames.get(slug);
    if (name === undefined) {
      const category = categories.find((c) => c.slug === slug);
      name = ` ${normalizeSearchText(category?.name ?? slug)}`;
      categoryNames.set(slug, name);
    }
    return name;
  };

  const hits: Hit[] = [];
  for (const entry of entriesOf(products)) {
    if (query.ids && !query.ids.includes(entry.product.id)) continue;
    if (query.category && entry.category !== query.category) continue;
    if (minPrice !== undefined && entry.price < minPrice) continue;
    if (maxPrice !== undefined && entry.price > maxPrice) continue;
    if (query.inStockOnly && !entry.available) continue;
    if (maxStock !== undefined && entry.product.stock > maxStock) continue;
    if (query.onSaleOnly && entry.discount === 0) continue;
    if (maxStock !== undefined && entry.product.stock > maxStock) continue;
    const relevance = words.length === 0 ? 0 : score(textOf(entry), categoryName(entry.category), words);
    if (relevance < 0) continue;
    hits.push({ entry, score: relevance });
  }
  hits.sort(COMPARE[query.sort ?? 'pertinence'] ?? COMPARE.pertinence);

  // Told as a database that stops counting would tell it (countLimit).
  const { total, totalIsExact } = boundedTotal(hits.length, countLimit(query, countBound));
  const { page, pageSize, pageCount } = pagingOf(query, total, totalIsExact);
  const start = (page - 1) * pageSize;
  return {
    items: hits.slice(start, start + pageSize).map((hit) => hit.entry.product),
    total,
    totalIsExact,
    page,
    pageSize,
    pageCount,
  };
}
