import { toggleFavorite } from '@/domain/favorites/toggle-favorite';
import type { Product } from '@/domain/product';
import { ok } from '@/domain/result';
import { useFavorites } from '../hooks/use-shop-state';
import { useNotify } from '../toast/toast-context';

export function FavoriteToggle({ product }: { product: Product }) {
  const { favorites, items } = useFavorites();
  const notify = useNotify();
  const favorite = items.some((item) => item.id === product.id);
  const said = (now: boolean) => `«\u202f${product.name}\u202f» ${now ? 'ajouté aux' : 'retiré des'} favoris`;
  return (
    <button
      type="button"
      className="secondary favorite-toggle"
      aria-pressed={favorite}
      aria-label={`${favorite ? 'Retirer' : 'Ajouter'} «\u202f${product.name}\u202f» ${favorite ? 'des' : 'aux'} favoris`}
      onClick={() =>
        notify.result(toggleFavorite({ favorites }, product).then((result) => (result.ok ? ok(result.value, said(result.value.favorite)) : result)))
      }
    >
      <span aria-hidden="true">{favorite ? '♥' : '♡'}</span>
    </button>
  );
}
