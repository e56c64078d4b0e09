import { formatPrice } from '../format/price';
import { useCart } from '../hooks/use-shop-state';
import { useNotify } from '../toast/toast-context';

export function CartPanel() {
  const { cart, items } = useCart();
  const notify = useNotify();

  if (items.length === 0) {
    return <p className="empty">Votre panier est vide.</p>;
  }
  return (
    <>
      <ul className="cart-lines">
        {items.map((item) => (
          <li key={item.id} className="cart-line" data-testid="cart-line">
            <img src={item.image} alt="" width={64} height={48} loading="lazy" />
            <span className="cart-line__name">{item.name}</span>
            <span className="cart-line__price">{formatPrice(item.price)}</span>
            <span className="stepper">
              <button
                type="button"
                aria-label={`Retirer un « ${item.name} »`}
                onClick={() => notify.result(cart.setQuantity(item.id, item.quantity - 1))}
              >
                −
              </button>
              <label className="visually-hidden" htmlFor={`quantite-${item.id}`}>
                Quantité de « {item.name} »
              </label>
              <input
                id={`quantite-${item.id}`}
                type="number"
                inputMode="numeric"
                min={0}
                step={1}
                value={item.quantity}
                onChange={(e) => {
                  const quantity = e.target.valueAsNumber;
                  if (!Number.isNaN(quantity)) notify.result(cart.setQuantity(item.id, quantity));
                }}
              />
              <button
                type="button"
                aria-label={`Ajouter un « ${item.name} »`}
                onClick={() => notify.result(cart.setQuantity(item.id, item.quantity + 1))}
              >
                +
              </button>
            </span>
            <button
              type="button"
              className="link"
              onClick={() => notify.result(cart.remove(item.id), { title: `« ${item.name} » retiré du panier` })}
            >
              Retirer
            </button>
          </li>
        ))}
      </ul>
      <p className="subtotal">
        Sous-total : <strong data-testid="cart-subtotal">{formatPrice(cart.subtotal())}</strong>
      </p>
    </>
  );
}
