import * as v from 'valibot';

/** A product of the catalogue, as the shop shows it. Prices are in euros. */
export interface Product {
  id: string;
  /** The product page's address (/produit/:slug); absent for products saved by older versions. */
  slug?: string;
  name: string;
  price: number;
  originalPrice?: number;
  images?: readonly string[];
  category: string;
  inStock?: boolean;
}

/** Shown for a product that has no image of its own (spec §3, cart item « image »). */
export const DEFAULT_PRODUCT_IMAGE = '/images/stock/produit-par-defaut.svg';

/** The three stock images preloaded at start-up (spec §4 and §9). */
export const STOCK_IMAGES = [
  '/images/stock/boutique-1.svg',
  '/images/stock/boutique-2.svg',
  '/images/stock/boutique-3.svg',
] as const;

const price = v.pipe(v.number(), v.finite(), v.minValue(0));

/** A product as stored in favorites; unknown fields are dropped. */
export const productSchema: v.GenericSchema<unknown, Product> = v.object({
  id: v.string(),
  slug: v.optional(v.string()),
  name: v.string(),
  price,
  originalPrice: v.optional(price),
  images: v.optional(v.array(v.string())),
  category: v.string(),
  inStock: v.optional(v.boolean()),
});

/** The product's own fields only, so what is stored reads back the same. */
export function toStoredProduct(product: Product): Product {
  const { id, slug, name, price: current, originalPrice, images, category, inStock } = product;
  return {
    id,
    ...(slug !== undefined && { slug }),
    name,
    price: current,
    category,
    ...(originalPrice !== undefined && { originalPrice }),
    ...(images !== undefined && { images: [...images] }),
    ...(inStock !== undefined && { inStock }),
  };
}
