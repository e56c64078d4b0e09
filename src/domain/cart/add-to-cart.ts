import { MESSAGES } from '../messages';
import type { Product } from '../product';
import { fail, ok, type Result } from '../result';
import { addProduct, lineLimitOf, stockOf, type CartItem } from './cart';

/** The cart as a change of its lines needs it (CartService): what it holds, and one change answered once saved. */
export interface EditableCart {
  getSnapshot(): readonly CartItem[];
  edit(change: (items: readonly CartItem[]) => readonly CartItem[]): Promise<Result>;
}

/** A change of quantity that went through: `capped` when the stock kept part of it out (the answer's message then names the stock). */
export interface CartAddition {
  capped: boolean;
}

/**
 * « Ajouter au panier »: `quantity` of `product`, never beyond its stock (issue 10). What the
 * stock cannot give is left out, and the answer names the stock; a failure (`stock-limit`) when
 * nothing could be added, `storage-write-failed` when the cart could not be saved.
 */
export async function addToCart({ cart }: { cart: EditableCart }, product: Product, quantity = 1): Promise<Result<CartAddition>> {
  const stock = stockOf(product);
  const held = cart.getSnapshot().find((item) => item.id === product.id)?.quantity ?? 0;
  const saved = await cart.edit((items) => addProduct(items, product, quantity, stock));
  return withinStock(saved, product.name, stock, held, held + Math.floor(quantity));
}

/**
 * A change's answer once the stock or a line's limit has capped it (`wanted` beyond what a line
 * of a product with `stock` may hold, `held` before): the message names the stock, or the limit
 * per order when the stock is larger, and it is a failure when the cart could not change.
 */
export function withinStock(saved: Result, name: string, stock: number, held: number, wanted: number): Result<CartAddition> {
  if (!saved.ok) return saved;
  const limit = lineLimitOf(stock);
  if (!(wanted > limit)) return ok({ capped: false });
  const message = stock < 1 ? MESSAGES.soldOut(name) : limit < stock ? MESSAGES.lineLimit(name, limit) : MESSAGES.stockLimit(name, stock);
  return held < limit ? ok({ capped: true }, message) : fail('stock-limit', message);
}
