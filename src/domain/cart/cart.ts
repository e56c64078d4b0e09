import type { CatalogueProduct } from '../catalogue/catalogue-product';
import { MAX_QUANTITY_PER_PRODUCT } from '../order/order-constants';
import { mainPictureOf, type Product } from '../product';

// The cart's rules, as pure functions over its lines: the cart is shared by the tabs, so a change
// is applied again on top of another tab's commit (see CartService.edit).

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
 * How many of a product with `stock` one line may hold: its stock, and never more than one order
 * may carry of a product (MAX_QUANTITY_PER_PRODUCT, which the order's store refuses beyond, issue
 * 23): the shopper is told in the cart, not refused at « Commander ».
 */
export function lineLimitOf(stock: number): number {
  return Math.min(stock, MAX_QUANTITY_PER_PRODUCT);
}

/**
 * Spec §4: an existing product's quantity goes up; a new product gets a line of its own. The
 * cart never holds more than `stock`, nor more than a line may hold (lineLimitOf): what goes
 * beyond is not added.
 */
export function addProduct(items: readonly CartItem[], product: Product, quantity = 1, stock = stockOf(product)): readonly CartItem[] {
  const added = wholeQuantity(quantity);
  const line = items.find((item) => item.id === product.id);
  const next = Math.min((line?.quantity ?? 0) + (added ?? 0), lineLimitOf(stock));
  if (added === null || next < 1 || next === line?.quantity) return items;
  return line ? items.map((item) => (item === line ? { ...item, quantity: next } : item)) : [...items, toCartItem(product, next)];
}

export function itemCount(items: readonly CartItem[]): number {
  return items.reduce((count, item) => count + item.quantity, 0);
}

/**
 * Spec §4: 0 or less removes the line; otherwise the quantity is a whole number, at least 1,
 * and never above `stock` (issue 10) nor a line's limit (lineLimitOf): a sold-out product's line
 * is left as it is.
 */
export function setQuantity(items: readonly CartItem[], id: string, quantity: number, stock = Infinity): readonly CartItem[] {
  const line = items.find((item) => item.id === id);
  if (!line || Number.isNaN(quantity)) return items;
  if (quantity <= 0) return items.filter((item) => item !== line);
  const whole = Math.min(quantity === Infinity ? line.quantity : Math.max(1, Math.floor(quantity)), lineLimitOf(stock));
  return whole < 1 || whole === line.quantity ? items : items.map((item) => (item === line ? { ...item, quantity: whole } : item));
}

export function removeItems(items: readonly CartItem[], ids: ReadonlySet<string>): readonly CartItem[] {
  return items.some((item) => ids.has(item.id)) ? items.filter((item) => !ids.has(item.id)) : items;
}

/**
 * Undoes the removal of `ids` from `before`: each removed line comes back as it was, in its
 * place. Lines changed since (another tab's, or a product added again) are kept as they are now,
 * and lines that appeared since come after.
 */
export function restoreItems(items: readonly CartItem[], before: readonly CartItem[], ids: ReadonlySet<string>): readonly CartItem[] {
  const now = new Map(items.map((item) => [item.id, item]));
  const restored: CartItem[] = [];
  for (const line of before) {
    const current = now.get(line.id);
    if (current) restored.push(current);
    else if (ids.has(line.id)) restored.push(line);
    now.delete(line.id);
  }
  restored.push(...now.values());
  return restored.length === items.length && restored.every((item, i) => item === items[i]) ? items : restored;
}

const FIELDS = ['id', 'name', 'price', 'originalPrice', 'image', 'category', 'quantity', 'inStock'] as const;

/**
 * The stored lines brought up to date with the catalogue (`products`: what it said of each id it
 * was asked about, null for a product it no longer sells): its current name, price, picture,
 * category and availability, and no more than its stock or a line's limit. A sold-out line keeps its quantity, to
 * be bought again when the product is back; a line the catalogue was not asked about is kept.
 */
export function refreshItems(items: readonly CartItem[], products: ReadonlyMap<string, CatalogueProduct | null>): readonly CartItem[] {
  let changed = false;
  const next = items.map((item) => {
    const product = products.get(item.id);
    if (!product) return item;
    const available = product.inStock && product.stock > 0;
    const fresh = toCartItem(product, available ? Math.min(item.quantity, lineLimitOf(product.stock)) : item.quantity);
    if (FIELDS.every((field) => fresh[field] === item[field])) return item;
    changed = true;
    return fresh;
  });
  return changed ? next : items;
}

/** In euros. Summed in whole cents: 0.1 + 0.2 must make 0.3, not 0.30000000000000004. */
export function subtotal(items: readonly CartItem[]): number {
  const cents = items.reduce((sum, item) => sum + Math.round(item.price * 100) * item.quantity, 0);
  return cents / 100;
}
