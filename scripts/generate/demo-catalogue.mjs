#!/usr/bin/env node
// Writes the demo catalogue: src/adapters/demo-catalogue/demo-catalogue.json and its pictures
// under public/images/catalogue/. Everything random comes from one seeded PRNG, so running it
// again reproduces the same files byte for byte: `node scripts/generate/demo-catalogue.mjs`.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { categorySvg, palette, productPalette, productSvg } from './demo-catalogue/artwork.mjs';
import { CATEGORIES, VAT_OVERRIDES } from './demo-catalogue/categories.mjs';
import { DRAWINGS } from './demo-catalogue/drawings.mjs';
import { LOOKS } from './demo-catalogue/looks.mjs';
import { PRODUCTS } from './demo-catalogue/products.mjs';

const ROOT = join(import.meta.dirname, '..', '..');
const JSON_FILE = join(ROOT, 'src/adapters/demo-catalogue/demo-catalogue.json');
const IMAGE_DIR = join(ROOT, 'public/images/catalogue');
const IMAGE_URL = '/images/catalogue';
const SEED = 20_261_122;
const MAX_SVG_BYTES = 2048;
// Dates stay in the past of the catalogue's release, so « Nouveautés » never shows the future.
const FIRST_DAY = Date.UTC(2025, 0, 6);
const LAST_DAY = Date.UTC(2026, 10, 13);
const DAY_MS = 86_400_000;
/**
 * How long before the shop is visited the demo's reductions began: from 3 days to three weeks,
 * each product its own (from its slug). Written « sinceDaysAgo », dated by the reader's clock:
 * a reduction dated once and for all (some began in 2025) reads, months later, as a permanent
 * one, which the DGCCRF treats as misleading (issue 42, item 12).
 */
const REDUCTION_DAYS_AGO = { min: 3, max: 21 };
const DISCOUNTS = [10, 15, 20, 25, 30, 35, 40, 50];

/** mulberry32: tiny, fast and good enough to scatter demo data reproducibly. */
function mulberry32(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const rand = mulberry32(SEED);
const int = (min, max) => min + Math.floor(rand() * (max - min + 1));
const skip = (draws) => {
  for (let i = 0; i < draws; i += 1) rand();
};
// The product pictures once took these draws from `rand` (colours and proportions, then each
// view); they now draw from a generator of their own, and `rand` skips the same draws, so prices,
// stock and dates stay exactly what shoppers, tests and the Supabase seed already know.
const FORMER_PRODUCT_DRAWS = 9;
const FORMER_VIEW_DRAWS = 28;

/** FNV-1a: a product's own seed for its pictures, from its slug. */
function seedOf(text) {
  let hash = 0x811c9dc5;
  for (const ch of text) hash = Math.imul(hash ^ ch.codePointAt(0), 0x01000193);
  return (hash ^ SEED) >>> 0;
}

function shuffle(list) {
  const copy = [...list];
  for (let i = copy.length - 1; i > 0; i -= 1) {
    const j = Math.floor(rand() * (i + 1));
    [copy[i], copy[j]] = [copy[j], copy[i]];
  }
  return copy;
}

/** French typography: ’ apostrophes, no-break spaces inside « » and before ; : ! ?, and
 *  between a number and its unit. */
export function typography(text) {
  return text
    .replace(/'/g, '\u2019')
    .replace(/«\s*/g, '«\u00A0')
    .replace(/\s*»/g, '\u00A0»')
    .replace(/\s*([;:!?])/g, '\u00A0$1')
    .replace(/(\d) (?=%|°|×|€|(?:cm|mm|ml|cl|kg|g|l|h)\b)/g, '$1\u00A0')
    .replace(/× (?=\d)/g, '×\u00A0');
}

function slugify(text) {
  return text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/œ/g, 'oe')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/** The price after `percent` off, rounded to the nearest ,00 / ,50 / ,90 below the regular price. */
function salePrice(regular, percent) {
  const regularCents = Math.round(regular * 100);
  const target = regularCents * (1 - percent / 100);
  const euros = Math.floor(target / 100);
  const candidates = [];
  for (let e = euros - 1; e <= euros + 1; e += 1) for (const end of [0, 50, 90]) candidates.push(e * 100 + end);
  const [best] = candidates.filter((c) => c > 0 && c < regularCents).sort((a, b) => Math.abs(a - target) - Math.abs(b - target) || a - b);
  return best / 100;
}

function createdAt() {
  const days = Math.floor((LAST_DAY - FIRST_DAY) / DAY_MS);
  const time = FIRST_DAY + int(0, days) * DAY_MS + int(7, 19) * 3_600_000 + int(0, 3) * 900_000;
  return new Date(time).toISOString();
}

/**
 * The prices a product has had (src/domain/catalogue/price-history.ts): its regular price from its
 * creation; for a product on sale, the sale price from a few days before the shop is visited
 * (REDUCTION_DAYS_AGO; never before its creation: the reader says so). Its reference is then its
 * regular price, the lowest of the 30 days before the reduction, whatever the day of the visit.
 */
function priceHistory(regular, price, created, slug) {
  const { min, max } = REDUCTION_DAYS_AGO;
  const sinceDaysAgo = min + (seedOf(`reduction:${slug}`) % (max - min + 1));
  return [{ price: regular, since: created }, ...(price === regular ? [] : [{ price, sinceDaysAgo }])];
}

function write(path, content) {
  const bytes = Buffer.byteLength(content);
  if (path.endsWith('.svg') && bytes >= MAX_SVG_BYTES) throw new Error(`${path} is ${bytes} bytes (limit ${MAX_SVG_BYTES})`);
  writeFileSync(path, content);
}

const entries = CATEGORIES.flatMap((category) =>
  PRODUCTS[category.slug].map(([name, regular, tags, description]) => ({ category, name, regular, tags, description })),
);

// About a quarter on sale (only where a discount still leaves a meaningful price), about a
// tenth out of stock; every discount of DISCOUNTS appears at least once.
const saleCount = Math.round(entries.length / 4);
const onSale = shuffle(entries.map((e, i) => (e.regular >= 12 ? i : -1)).filter((i) => i >= 0)).slice(0, saleCount);
const discounts = shuffle(Array.from({ length: saleCount }, (_, i) => DISCOUNTS[i % DISCOUNTS.length]));
const discountOf = new Map(onSale.map((index, k) => [index, discounts[k]]));
const soldOut = new Set(shuffle(entries.map((_, i) => i)).slice(0, Math.round(entries.length / 10)));

rmSync(IMAGE_DIR, { recursive: true, force: true });
mkdirSync(join(IMAGE_DIR, 'produits'), { recursive: true });
mkdirSync(join(IMAGE_DIR, 'categories'), { recursive: true });

const categories = CATEGORIES.map(({ slug, name, description, hue, motif, vatRate }) => {
  const image = `${IMAGE_URL}/categories/${slug}.svg`;
  const label = `Illustration de la catégorie ${name}`;
  write(join(ROOT, 'public', image), categorySvg({ motif, colours: palette(hue, rand), label }));
  return { slug, name: typography(name), description: typography(description), image, vatRate };
});

const slugs = new Set();
const products = entries.map((entry, index) => {
  const name = typography(entry.name);
  const slug = slugify(entry.name);
  if (slugs.has(slug)) throw new Error(`Duplicate slug ${slug}`);
  slugs.add(slug);

  const look = LOOKS[entry.name];
  const draw = look && DRAWINGS[look[0]];
  if (!draw) throw new Error(`No drawing for ${entry.name}: add its look to scripts/generate/demo-catalogue/looks.mjs`);
  const art = mulberry32(seedOf(slug));
  const colours = productPalette(look, art);
  const variant = productPalette([look[0], look[1] - 20, look[2], look[3] + (look[3] < 50 ? 10 : -10)], art);
  skip(FORMER_PRODUCT_DRAWS);
  const count = int(2, 4);
  skip(FORMER_VIEW_DRAWS * count);
  const images = Array.from({ length: count }, (_, view) => {
    const image = `${IMAGE_URL}/produits/${slug}-${view + 1}.svg`;
    const label = `${name}, vue ${view + 1} sur ${count}`;
    write(join(ROOT, 'public', image), productSvg({ draw, colours, variant, view, label, rand: art }));
    return image;
  });

  const discount = discountOf.get(index);
  const inStock = !soldOut.has(index);
  const stock = inStock ? (rand() < 0.2 ? int(1, 5) : int(6, 120)) : 0;
  const created = createdAt();
  const price = discount === undefined ? entry.regular : salePrice(entry.regular, discount);
  return {
    id: `p-${String(index + 1).padStart(3, '0')}`,
    slug,
    name,
    description: typography(entry.description),
    price,
    ...(discount !== undefined && { originalPrice: entry.regular }),
    priceHistory: priceHistory(entry.regular, price, created, slug),
    category: entry.category.slug,
    tags: entry.tags.map(typography),
    images,
    inStock,
    stock,
    createdAt: created,
    // Only where it is not the category's: the shop gives a product its category's rate.
    ...(VAT_OVERRIDES[entry.name] !== undefined && { vatRate: VAT_OVERRIDES[entry.name] }),
  };
});

mkdirSync(dirname(JSON_FILE), { recursive: true });
write(JSON_FILE, `${JSON.stringify({ categories, products }, null, 2)}\n`);

const imageCount = categories.length + products.reduce((n, p) => n + p.images.length, 0);
const percents = products
  .filter((p) => p.originalPrice)
  .map((p) => Math.round(((p.originalPrice - p.price) / p.originalPrice) * 100))
  .sort((a, b) => a - b);
console.log(
  `Demo catalogue: ${products.length} products in ${categories.length} categories, ${imageCount} pictures; ` +
    `${percents.length} on sale (${percents.join(', ')} %), ${soldOut.size} out of stock.`,
);
