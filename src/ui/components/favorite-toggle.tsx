import type { Product } from '@/domain/product';
import { useFavorites } from '../hooks/use-shop-state';
import { useNotify } from '../toast/toast-context';

export function FavoriteToggle({ product }: { product: Product }) {
  const { favorites } = useFavorites();
  const notify = useNotify();
  const favorite = favorites.isFavorite(product.id);
  return (
    <button
      type="button"
      className="secondary favorite-toggle"
      aria-pressed={favorite}
      aria-label={`${favorite ? 'Retirer' : 'Ajouter'} «\u202f${product.name}\u202f» ${favorite ? 'des' : 'aux'} favoris`}
      onClick={() =>
        favorite
          ? notify.result(favorites.remove(product.id), { title: `«\u202f${product.name}\u202f» retiré des favoris` })
          : notify.result(favorites.add(product), { title: `«\u202f${product.name}\u202f» ajouté aux favoris` })
      }
    >
      <span aria-hidden="true">{favorite ? '♥' : '♡'}</span>
    </button>
  );
}
