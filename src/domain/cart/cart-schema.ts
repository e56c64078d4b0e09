import * as v from 'valibot';
import { DEFAULT_PRODUCT_IMAGE } from '../constants';
import type { CartItem } from './cart';

const price = v.pipe(v.number(), v.finite(), v.minValue(0));

/** A stored line; fields an older version may have left out get the value toCartItem would give. */
export const cartItemSchema: v.GenericSchema<unknown, CartItem> = v.pipe(
  v.object({
    id: v.string(),
    name: v.string(),
    price,
    originalPrice: v.optional(price),
    image: v.optional(v.string(), DEFAULT_PRODUCT_IMAGE),
    category: v.string(),
    quantity: v.pipe(v.number(), v.safeInteger(), v.minValue(1)),
    inStock: v.optional(v.boolean(), true),
  }),
  v.transform((line) => ({
    ...line,
    originalPrice: line.originalPrice ?? line.price,
    // An older version kept a blank first picture as the line's image: show the default photo instead.
    image: line.image.trim() === '' ? DEFAULT_PRODUCT_IMAGE : line.image,
  })),
);
