import type { Product } from '../../domain/product';
import { useCart } from '../hooks/use-shop-state';
import { useNotify } from '../toast/toast-context';

export function AddToCartButton({ product, quantity = 1 }: { product: Product; quantity?: number }) {
  const { cart } = useCart();
  const notify = useNotify();
  const inStock = product.inStock !== false;
  return (
    <button
      type="button"
      disabled={!inStock}
      onClick={() =>
        notify.result(cart.add(product, quantity), {
          title: quantity > 1 ? `${quantity} × « ${product.name} » ajoutés au panier` : `« ${product.name} » ajouté au panier`,
        })
      }
    >
      {inStock ? 'Ajouter au panier' : 'Indisponible'}
    </button>
  );
}
