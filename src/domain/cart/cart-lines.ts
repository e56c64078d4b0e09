import type { CatalogueProduct } from '../catalogue/catalogue-product';
import type { Catalogue } from '../../ports/catalogue';
import type { Product } from '../product';
import type { CartItem } from './cart';

// The cart page's rules over the lines, as pure functions (the cart is shared by the tabs: a
// change is applied again on top of another tab's commit). Loaded with the cart page only, and
// importing no code of the first visit's chunk: a new import from it costs the first visit a
// chunk of its own (Rolldown, see the commit that introduced this file).

/**
 * Spec §4: 0 or less removes the line; otherwise the quantity is a whole number, at least 1,
 * and never above `stock` (issue 10): a sold-out product's line is left as it is.
 */
export function setQuantity(items: readonly CartItem[], id: string, quantity: number, stock = Infinity): readonly CartItem[] {
  const line = items.find((item) => item.id === id);
  if (!line || Number.isNaN(quantity)) return items;
  if (quantity <= 0) return items.filter((item) => item !== line);
  const whole = Math.min(quantity === Infinity ? line.quantity : Math.max(1, Math.floor(quantity)), stock);
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
 * category and availability, and no more than its stock. A sold-out line keeps its quantity, to
 * be bought again when the product is back; a line the catalogue was not asked about is kept.
 */
export function refreshItems(
  items: readonly CartItem[],
  products: ReadonlyMap<string, CatalogueProduct | null>,
  toCartItem: (product: Product, quantity: number) => CartItem,
): readonly CartItem[] {
  let changed = false;
  const next = items.map((item) => {
    const product = products.get(item.id);
    if (!product) return item;
    const available = product.inStock && product.stock > 0;
    const fresh = toCartItem(product, available ? Math.min(item.quantity, product.stock) : item.quantity);
    if (FIELDS.every((field) => fresh[field] === item[field])) return item;
    changed = true;
    return fresh;
  });
  return changed ? next : items;
}

export function itemCount(items: readonly CartItem[]): number {
  return items.reduce((count, item) => count + item.quantity, 0);
}

/** In euros. Summed in whole cents: 0.1 + 0.2 must make 0.3, not 0.30000000000000004. */
export function subtotal(items: readonly CartItem[]): number {
  const cents = items.reduce((sum, item) => sum + Math.round(item.price * 100) * item.quantity, 0);
  return cents / 100;
}

/** What the catalogue says now of these products: those it sells (an unknown id is left out). */
export async function lookUp(catalogue: Catalogue | undefined, ids: readonly string[]): Promise<readonly CatalogueProduct[]> {
  if (!catalogue || ids.length === 0) return [];
  const page = await catalogue.list({ ids, pageSize: ids.length });
  // A catalogue that cannot answer rejects, as before it answered with Results.
  if (!page.ok) throw new Error(page.error.message);
  return page.value.items;
}
