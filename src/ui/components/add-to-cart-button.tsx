import { addToCart } from '@/domain/cart/add-to-cart';
import type { Product } from '@/domain/product';
import { ok } from '@/domain/result';
import { CART_SERVICE } from '@/domain/service-tokens';
import { useService } from '../di/container-context';
import { useNotify } from '../toast/toast-context';

/**
 * `named`: in a list of products, each button also says which product it adds (for screen
 * readers), after the visible words so the visible label stays the start of the name.
 */
export function AddToCartButton({ product, quantity = 1, named = false }: { product: Product; quantity?: number; named?: boolean }) {
  // The service alone: the button draws nothing of the cart, so it need not follow its lines.
  const cart = useService(CART_SERVICE);
  const notify = useNotify();
  const inStock = product.inStock !== false;
  const added = quantity > 1 ? `${quantity} × «\u202f${product.name}\u202f» ajoutés au panier` : `«\u202f${product.name}\u202f» ajouté au panier`;
  return (
    <button
      type="button"
      disabled={!inStock}
      // The cart's own answer when the stock stopped it (it names the stock), else what was added.
      onClick={() =>
        notify.result(addToCart({ cart }, product, quantity).then((result) => (result.ok && !result.value.capped ? ok(undefined, added) : result)))
      }
    >
      {inStock ? 'Ajouter au panier' : 'Indisponible'}
      {named && <span className="visually-hidden"> «&#x202F;{product.name}&#x202F;»</span>}
    </button>
  );
}
