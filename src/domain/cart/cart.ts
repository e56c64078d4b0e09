import * as v from 'valibot';
import { DEFAULT_PRODUCT_IMAGE } from '../constants';
import { mainPictureOf, type Product } from '../product';

/** One line of the cart, as stored under `cart` (spec §3). */
export interface CartItem {
  id: string;
  name: string;
  price: number;
  originalPrice: number;
  image: string;
  category: string;
  quantity: number;
  inStock: boolean;
}

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

export function toCartItem(product: Product, quantity = 1): CartItem {
  return {
    id: product.id,
    name: product.name,
    price: product.price,
    originalPrice: product.originalPrice ?? product.price,
    image: mainPictureOf(product),
    category: product.category,
    quantity,
    inStock: product.inStock !== false,
  };
}

/** A requested quantity as a whole number of at least 1; null for input that means nothing. */
function wholeQuantity(quantity: number): number | null {
  if (Number.isNaN(quantity) || quantity === Infinity) return null;
  return Math.max(1, Math.floor(quantity));
}

/** Spec §4: an existing product's quantity goes up; a new product gets a line of its own. */
export function addProduct(items: readonly CartItem[], product: Product, quantity = 1): readonly CartItem[] {
  const added = wholeQuantity(quantity);
  if (added === null) return items;
  if (!items.some((item) => item.id === product.id)) return [...items, toCartItem(product, added)];
  return items.map((item) => (item.id === product.id ? { ...item, quantity: item.quantity + added } : item));
}

/** Spec §4: 0 or less removes the line; otherwise the quantity is a whole number, at least 1. */
export function setQuantity(items: readonly CartItem[], id: string, quantity: number): readonly CartItem[] {
  const line = items.find((item) => item.id === id);
  if (!line || Number.isNaN(quantity)) return items;
  if (quantity <= 0) return removeItem(items, id);
  const whole = wholeQuantity(quantity);
  if (whole === null || whole === line.quantity) return items;
  return items.map((item) => (item === line ? { ...item, quantity: whole } : item));
}

export function removeItem(items: readonly CartItem[], id: string): readonly CartItem[] {
  return items.some((item) => item.id === id) ? items.filter((item) => item.id !== id) : items;
}

export function itemCount(items: readonly CartItem[]): number {
  return items.reduce((count, item) => count + item.quantity, 0);
}

/** In euros. Summed in whole cents: 0.1 + 0.2 must make 0.3, not 0.30000000000000004. */
export function subtotal(items: readonly CartItem[]): number {
  const cents = items.reduce((sum, item) => sum + Math.round(item.price * 100) * item.quantity, 0);
  return cents / 100;
}
