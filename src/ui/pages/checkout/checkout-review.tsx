import { Link } from 'react-router-dom';
import type { CartItem } from '@/domain/cart/cart';
import type { CheckoutDetails } from '@/domain/order/checkout-form';
import { toCents, type OrderTotals } from '@/domain/order/order-totals';
import { paymentMethodLabel, type PaymentMethod } from '@/domain/order/payment';
import { formatCents } from '@/domain/price-format';
import { ContactLines, DeliveryLines, TotalsList } from '../orders/order-parts';
import { ADDRESS_STEP, DELIVERY_STEP, PAYMENT_STEP, stepPath } from './checkout-steps';
import '../orders/orders.css';
import { paths } from '@/domain/site-paths';
import { ErrorSummary } from '../../components/error-summary';

/** Why the order was not placed: the sentence, and where the shopper can put it right. */
export interface PlaceRefusal {
  message: string;
  detail?: string;
  fix?: { to: string; label: string };
}

interface ReviewProps {
  items: readonly CartItem[];
  details: CheckoutDetails;
  paymentMethod: PaymentMethod;
  totals: OrderTotals;
  /** The catalogue has not given every line's VAT rate yet. */
  vatPending: boolean;
  placing: boolean;
  refusal: PlaceRefusal | null;
  onPlace: () => void;
}

export function CheckoutReview({ items, details, paymentMethod, totals, vatPending, placing, refusal, onPlace }: ReviewProps) {
  const { contact } = details;
  return (
    <>
      <h3 id="recap-articles">Articles</h3>
      <ul className="checkout-lines" aria-labelledby="recap-articles">
        {items.map((item) => (
          <li key={item.id}>
            <span>
              {item.name} × {item.quantity}
            </span>
            <span>{formatCents(toCents(item.price) * item.quantity)}</span>
          </li>
        ))}
      </ul>
      <p>
        <Link to={paths.cart}>Modifier le panier</Link>
      </p>
      <TotalsList totals={totals} vatPending={vatPending} />
      <div className="checkout-recap">
        <section aria-labelledby="recap-contact">
          <h3 id="recap-contact">Contact</h3>
          <ContactLines contact={contact} />
          <Link to={stepPath(0)}>Modifier le contact</Link>
        </section>
        <section aria-labelledby="recap-adresse">
          <h3 id="recap-adresse">Livraison</h3>
          <DeliveryLines details={details} />
          <Link to={stepPath(DELIVERY_STEP)}>Modifier le mode de livraison</Link>
          {details.address && (
            <>
              {' '}
              · <Link to={stepPath(ADDRESS_STEP)}>Modifier l’adresse</Link>
            </>
          )}
        </section>
        <section aria-labelledby="recap-paiement">
          <h3 id="recap-paiement">Paiement</h3>
          <p>{paymentMethodLabel(paymentMethod, details.deliveryMethod)}</p>
          {paymentMethod === 'carte' && <p className="hint">Après la commande, vous payez sur la page sécurisée de notre prestataire de paiement.</p>}
          <Link to={stepPath(PAYMENT_STEP)}>Modifier le paiement</Link>
        </section>
      </div>
      {refusal && (
        <ErrorSummary id="commande-refus" title={refusal.message}>
          {refusal.detail && <p>{refusal.detail}</p>}
          {refusal.fix && (
            <p>
              <Link to={refusal.fix.to}>{refusal.fix.label}</Link>
            </p>
          )}
        </ErrorSummary>
      )}
      <p className="hint">
        {/* The button itself names the obligation to pay (Code de la consommation, art. L221-14; CJEU C-249/21). */}
        En cliquant sur «&#x202f;Commander avec obligation de paiement&#x202f;», vous acceptez nos <Link to={paths.terms}>conditions générales de vente</Link>.
      </p>
      <button type="button" className="checkout-place" onClick={onPlace} disabled={placing} aria-describedby={refusal ? 'commande-refus' : undefined}>
        {placing ? 'Commande en cours…' : 'Commander avec obligation de paiement'}
      </button>
    </>
  );
}
