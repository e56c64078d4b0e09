import * as v from 'valibot';
import type { Category, CatalogueProduct } from '@/domain/catalogue/catalogue-product';
import type { PriceHistory } from '@/domain/catalogue/price-history';
import { STANDARD_VAT_RATE, VAT_RATES, type VatRate } from '@/domain/vat-rate';

const text = v.pipe(v.string(), v.trim(), v.minLength(1));
const slug = v.pipe(v.string(), v.regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'slug: lower-case kebab-case, no accents'));
const euros = v.pipe(v.number(), v.finite(), v.gtValue(0));
const imagePath = v.pipe(v.string(), v.startsWith('/'));
/** Basis points, one of the French rates (src/domain/vat-rate.ts). */
const vatRate = v.picklist(VAT_RATES);

export const categorySchema: v.GenericSchema<unknown, Category> = v.object({
  slug,
  name: text,
  description: v.string(),
  image: imagePath,
  // A category that says nothing is at the standard rate.
  vatRate: v.optional(vatRate, STANDARD_VAT_RATE),
});

/**
 * A price as the file gives it: from a date, or from a number of days before the shop is visited
 * (the demo's promotions: a reduction that began in 2025 would read as a permanent one, which the
 * DGCCRF treats as misleading, so the file says « 12 days ago » and the reader dates it by its clock).
 */
export type DemoPriceChange = PriceHistory[number] | { readonly price: number; readonly sinceDaysAgo: number };

/** A product as the file gives it: without a rate of its own, it has its category's (parseDemoCatalogue). */
export type DemoProductEntry = Omit<CatalogueProduct, 'vatRate'> & { vatRate?: VatRate; priceHistory?: readonly DemoPriceChange[] };

export const catalogueProductSchema: v.GenericSchema<unknown, DemoProductEntry> = v.pipe(
  v.object({
    id: text,
    slug,
    name: text,
    description: v.string(),
    price: euros,
    originalPrice: v.optional(euros),
    /** Every price it has had, oldest first; without it, its price since its creation. */
    priceHistory: v.optional(
      v.array(
        v.union([
          v.object({ price: euros, since: v.pipe(v.string(), v.isoTimestamp()) }),
          // Within the 30 days a reference price looks back: a recent promotion, not a dated one.
          v.object({ price: euros, sinceDaysAgo: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(30)) }),
        ]),
      ),
    ),
    category: slug,
    tags: v.array(v.string()),
    images: v.array(imagePath),
    inStock: v.boolean(),
    stock: v.pipe(v.number(), v.integer(), v.minValue(0)),
    createdAt: v.pipe(v.string(), v.isoTimestamp()),
    vatRate: v.optional(vatRate),
  }),
  v.check((p) => p.originalPrice === undefined || p.originalPrice > p.price, 'originalPrice must be above price'),
  v.check((p) => p.inStock || p.stock === 0, 'an out-of-stock product has stock 0'),
);

/** The file's outer shape; its entries are checked one by one, so one bad entry loses only itself. */
export const demoCatalogueFileSchema = v.object({
  categories: v.array(v.unknown()),
  products: v.array(v.unknown()),
});
