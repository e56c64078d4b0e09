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

/** How many of `product` a cart may hold: its stock when known, none when it is sold out. */
export function stockOf(product: Product): number {
  return product.inStock === false ? 0 : (product.stock ?? Infinity);
}

/**
 * Spec §4: an existing product's quantity goes up; a new product gets a line of its own. The
 * cart never holds more than `stock`: what goes beyond it is not added.
 */
export function addProduct(items: readonly CartItem[], product: Product, quantity = 1, stock = stockOf(product)): readonly CartItem[] {
  const added = wholeQuantity(quantity);
  const line = items.find((item) => item.id === product.id);
  const next = Math.min((line?.quantity ?? 0) + (added ?? 0), stock);
  if (added === null || next < 1 || next === line?.quantity) return items;
  return line ? items.map((item) => (item === line ? { ...item, quantity: next } : item)) : [...items, toCartItem(product, next)];
}

export function itemCount(items: readonly CartItem[]): number {
  return items.reduce((count, item) => count + item.quantity, 0);
}
