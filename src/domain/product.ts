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
