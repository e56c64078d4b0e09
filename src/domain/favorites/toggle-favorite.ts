import type { Product } from '../product';
import { ok, type Result } from '../result';

/** The favorites as the heart button needs them (FavoritesService). */
interface ToggledFavorites {
  isFavorite(id: string): boolean;
  add(product: Product): Promise<Result>;
  remove(id: string): Promise<Result>;
}

/** The ♡ button: a product becomes a favorite, or a favorite stops being one; `favorite` says which, once saved. */
export async function toggleFavorite({ favorites }: { favorites: ToggledFavorites }, product: Product): Promise<Result<{ favorite: boolean }>> {
  const favorite = !favorites.isFavorite(product.id);
  const saved = await (favorite ? favorites.add(product) : favorites.remove(product.id));
  return saved.ok ? ok({ favorite }) : saved;
}
