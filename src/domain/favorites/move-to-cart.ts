import { addToCart, type CartAddition, type EditableCart } from '../cart/add-to-cart';
import type { Product } from '../product';
import type { Result } from '../result';

/** The favorites as moving one out of them needs it (FavoritesService). */
interface RemovableFavorites {
  remove(id: string): Promise<Result>;
}

/**
 * « Déplacer dans le panier »: the cart's rules decide (its stock); the favorite goes only once
 * the product is in the cart. Answers the cart's answer, or the favorites' failure to be saved.
 */
export async function moveToCart({ cart, favorites }: { cart: EditableCart; favorites: RemovableFavorites }, product: Product): Promise<Result<CartAddition>> {
  const added = await addToCart({ cart }, product);
  if (!added.ok) return added;
  const removed = await favorites.remove(product.id);
  return removed.ok ? added : removed;
}
