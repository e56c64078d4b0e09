import { useRef } from 'react';
import { Link } from 'react-router-dom';
import { lineLimitOf } from '@/domain/cart/cart';
import { MAX_UNITS_PER_ORDER, TOO_MANY_UNITS } from '@/domain/order/order-constants';
import type { CartEdit, ReviewedLine } from '@/domain/cart/cart-editor';
import { formatPrice } from '@/domain/price-format';
import { QuantityStepper } from '../../components/quantity-stepper';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { useCartReview } from '../../hooks/use-cart-review';
import { besideInList, useFocusAfter } from '../../hooks/use-focus-after';
import { useNotify } from '../../toast/toast-context';
import { paths } from '@/domain/site-paths';

export default function CartPage() {
  const { items, editor, review } = useCartReview();
  // A line removed here (« Retirer », its quantity down to 0): the focus goes to the same control
  // on the line below, else above; the cart emptied (« Vider le panier », the last line): the page
  // is short now, and the focus and the view go to its title rather than to the empty space below it.
  const heading = useRef<HTMLHeadingElement>(null);
  const focusAfter = useFocusAfter();
  const removing = (from: Element | null, ...selectors: string[]) => focusAfter(...besideInList(from, ...selectors), () => heading.current);
  const notify = useNotify();
  useDocumentTitle('Panier');
  // More units than one order may hold: said here, and « Passer la commande » is not offered.
  const tooMany = review.count > MAX_UNITS_PER_ORDER;

  /** A removal is shown with « Annuler » for the toast's whole life; anything else says how it went. */
  function run(edit: CartEdit, removed?: { title: string; altText: string }) {
    const { undo } = edit;
    if (!undo || !removed) return notify.result(edit.saved);
    void edit.saved.then((result) => {
      if (!result.ok) return notify.result(result);
      notify({
        title: removed.title,
        action: {
          label: 'Annuler',
          altText: removed.altText,
          onClick: () => notify.result(undo(), { title: 'C’est annulé\u00a0: le panier est comme avant.' }),
        },
      });
    });
  }

  const removedLine = (line: ReviewedLine) => ({
    title: `«\u202f${line.item.name}\u202f» retiré du panier`,
    altText: `Remettre «\u202f${line.item.name}\u202f» dans le panier`,
  });

  return (
    <section aria-labelledby="titre-panier" className="cart-page">
      <h1 id="titre-panier" ref={heading} tabIndex={-1}>
        Votre panier
      </h1>
      {items.length === 0 ? (
        <div className="empty-state">
          <p>Votre panier est vide.</p>
          <Link to={paths.shop} className="button-link">
            Découvrir la boutique
          </Link>
        </div>
      ) : (
        <>
          <ul className="cart-lines" aria-label="Articles du panier">
            {review.lines.map((line) => {
              const { item, state, product, previousPrice } = line;
              const buyable = state === 'buyable' || state === 'unchecked';
              return (
                <li key={item.id} className={`cart-line cart-line--${state}`} data-testid="cart-line">
                  <img src={item.image} alt="" width={96} height={72} loading="lazy" />
                  <div className="cart-line__info">
                    <span className="cart-line__name">{product ? <Link to={paths.product(product.slug)}>{item.name}</Link> : item.name}</span>
                    <span className="cart-line__unit">{formatPrice(item.price)} l’unité</span>
                    {previousPrice !== null && <span className="cart-line__unit">Prix modifié depuis l’ajout (avant&nbsp;: {formatPrice(previousPrice)})</span>}
                    {state === 'buyable' && product && <span className="stock stock--in">{product.stock} en stock</span>}
                    {state === 'sold-out' && <span className="stock stock--out">Épuisé, non compté dans le total</span>}
                    {state === 'gone' && <span className="stock stock--out">Ce produit n’est plus en vente, non compté dans le total</span>}
                  </div>
                  {buyable ? (
                    <QuantityStepper
                      label={item.name}
                      min={0}
                      max={product ? lineLimitOf(product.stock) : undefined}
                      value={item.quantity}
                      onChange={(quantity) => {
                        if (quantity === 0) removing(document.activeElement, '.stepper input', REMOVE);
                        run(editor.setQuantity(item.id, quantity), removedLine(line));
                      }}
                    />
                  ) : (
                    <span>Quantité&nbsp;: {item.quantity}</span>
                  )}
                  <span className="cart-line__total">{buyable ? formatPrice(item.price * item.quantity) : '—'}</span>
                  <button
                    type="button"
                    className="link cart-line__remove"
                    onClick={(event) => {
                      removing(event.currentTarget, REMOVE);
                      run(editor.remove(item.id), removedLine(line));
                    }}
                  >
                    Retirer<span className="visually-hidden"> «&#x202f;{item.name}&#x202f;» du panier</span>
                  </button>
                </li>
              );
            })}
          </ul>
          <div className="cart-summary">
            <p data-testid="cart-summary-count">
              {review.count} article{review.count > 1 ? 's' : ''}
            </p>
            <p className="subtotal">
              Sous-total&nbsp;: <strong data-testid="cart-subtotal">{formatPrice(review.subtotal)}</strong>
            </p>
            <p className="hint">Frais de livraison calculés à l’étape suivante.</p>
            {tooMany && (
              <p className="warning" data-testid="cart-too-many-units">
                {TOO_MANY_UNITS}
              </p>
            )}
            <div className="cart-actions">
              {review.count > 0 && !tooMany && (
                <Link to={paths.checkout()} className="button-link cart-checkout">
                  Passer la commande
                </Link>
              )}
              <button
                type="button"
                className="secondary"
                onClick={() => {
                  focusAfter(() => heading.current);
                  run(editor.clear(), { title: 'Panier vidé', altText: 'Remettre les articles dans le panier' });
                }}
              >
                Vider le panier
              </button>
            </div>
          </div>
        </>
      )}
    </section>
  );
}

const REMOVE = '.cart-line__remove';
