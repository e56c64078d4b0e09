import { Link } from 'react-router-dom';
import { formatPrice } from '../../format/price';
import { QuantityStepper } from '../../components/quantity-stepper';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { useCart } from '../../hooks/use-shop-state';
import { useNotify } from '../../toast/toast-context';

export default function CartPage() {
  const { cart, items } = useCart();
  const notify = useNotify();
  useDocumentTitle('Panier');
  const count = cart.count();

  return (
    <section aria-labelledby="titre-panier" className="cart-page">
      <h1 id="titre-panier">Votre panier</h1>
      {items.length === 0 ? (
        <div className="empty-state">
          <p>Votre panier est vide.</p>
          <Link to="/boutique" className="button-link">
            Découvrir la boutique
          </Link>
        </div>
      ) : (
        <>
          <ul className="cart-lines" aria-label="Articles du panier">
            {items.map((item) => (
              <li key={item.id} className="cart-line" data-testid="cart-line">
                <img src={item.image} alt="" width={96} height={72} loading="lazy" />
                <div className="cart-line__info">
                  <span className="cart-line__name">{item.name}</span>
                  <span className="cart-line__unit">{formatPrice(item.price)} l’unité</span>
                  {!item.inStock && <span className="stock stock--out">Rupture de stock</span>}
                </div>
                <QuantityStepper
                  label={item.name}
                  min={0}
                  value={item.quantity}
                  onChange={(quantity) => notify.result(cart.setQuantity(item.id, quantity))}
                />
                <span className="cart-line__total">{formatPrice(item.price * item.quantity)}</span>
                <button
                  type="button"
                  className="link"
                  onClick={() => notify.result(cart.remove(item.id), { title: `«\u202f${item.name}\u202f» retiré du panier` })}
                >
                  Retirer<span className="visually-hidden"> «&#x202F;{item.name}&#x202F;» du panier</span>
                </button>
              </li>
            ))}
          </ul>
          <div className="cart-summary">
            <p>
              {count} article{count > 1 ? 's' : ''}
            </p>
            <p className="subtotal">
              Sous-total&nbsp;: <strong data-testid="cart-subtotal">{formatPrice(cart.subtotal())}</strong>
            </p>
            <p className="hint">Frais de livraison calculés à l’étape suivante.</p>
            <button type="button" className="secondary" onClick={() => notify.result(cart.clear(), { title: 'Panier vidé' })}>
              Vider le panier
            </button>
          </div>
        </>
      )}
    </section>
  );
}
