import * as v from 'valibot';
import { DEFAULT_PRODUCT_IMAGE } from './constants';

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
  /** Units on hand, when the catalogue said (a stored favorite does not keep it: it goes stale). */
  stock?: number;
}

/**
 * The pictures to show for a product, in order: its own, blank entries skipped (a blank `src`
 * shows a broken picture), or the default stock photo when none is left (spec §3).
 */
export function picturesOf(product: Pick<Product, 'images'>): readonly [string, ...string[]] {
  const [first, ...others] = (product.images ?? []).filter((src) => src.trim() !== '');
  return first === undefined ? [DEFAULT_PRODUCT_IMAGE] : [first, ...others];
}

/** Spec §3, the cart line's « image »: the first product image, or the default stock photo. */
export function mainPictureOf(product: Pick<Product, 'images'>): string {
  return picturesOf(product)[0];
}

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
