import { COMPANY } from '@/domain/company';
import type { CheckoutDetails, OrderContact } from '@/domain/order/checkout-form';
import { DELIVERY_METHOD_LABELS } from '@/domain/order/order-constants';
import type { OrderTotals } from '@/domain/order/order-totals';
import { formatCents } from '@/domain/price-format';
import { vatLineLabel } from '@/domain/vat-rate';

/**
 * Subtotal, delivery, total TTC and the VAT it includes, one line per rate: the review step's and
 * the confirmation's. `vatPending`: the catalogue has not said every product's rate yet (the
 * review step before its answer), so no VAT line is shown rather than a wrong one.
 */
export function TotalsList({ totals, vatPending = false }: { totals: OrderTotals; vatPending?: boolean }) {
  return (
    <dl className="checkout-totals">
      <div>
        <dt>Sous-total</dt>
        <dd data-testid="total-sous-total">{formatCents(totals.subtotalCents)}</dd>
      </div>
      <div>
        <dt>Livraison</dt>
        <dd data-testid="total-livraison">{totals.deliveryCents === 0 ? 'offerte' : formatCents(totals.deliveryCents)}</dd>
      </div>
      <div className="checkout-totals__total">
        <dt>Total TTC</dt>
        <dd data-testid="total-ttc">{formatCents(totals.totalCents)}</dd>
      </div>
      {!vatPending &&
        totals.vatByRate.map(({ rate, vatCents }) => (
          <div className="hint" key={rate} data-testid="total-tva">
            <dt>{vatLineLabel(rate)}</dt>
            <dd>{formatCents(vatCents)}</dd>
          </div>
        ))}
    </dl>
  );
}

/** +33612345678 as French people write it: 06 12 34 56 78. */
function frenchPhone(e164: string): string {
  return `0${e164.slice(3)}`.replace(/(\d{2})(?=\d)/g, '$1\u00a0');
}

/** The contact of an order: the recipient's name, the email and, when given, the phone. */
export function ContactLines({ contact }: { contact: OrderContact }) {
  return (
    <p>
      {contact.name}
      <br />
      {contact.email}
      {contact.phone && (
        <>
          <br />
          {frenchPhone(contact.phone)}
        </>
      )}
    </p>
  );
}

/**
 * How an order reaches the shopper: the method, then where. Home: the address; relay point: the
 * point chosen; pickup: the shop's address and opening hours (the shopper's address is not asked).
 */
export function DeliveryLines({ details }: { details: Pick<CheckoutDetails, 'deliveryMethod' | 'address' | 'relayPoint'> }) {
  const { deliveryMethod, address, relayPoint } = details;
  return (
    <div data-testid="delivery-lines">
      <p>
        <strong>{DELIVERY_METHOD_LABELS[deliveryMethod]}</strong>
      </p>
      {deliveryMethod === 'retrait-boutique' && (
        <p>
          À retirer à la boutique {COMPANY.tradeName}
          <br />
          {COMPANY.address}
          {COMPANY.pickup.openingHours.map((line) => (
            <span key={line}>
              <br />
              {line}
            </span>
          ))}
        </p>
      )}
      {deliveryMethod === 'point-relais' && relayPoint && (
        <p>
          {relayPoint.name}
          <br />
          {relayPoint.street}
          <br />
          {relayPoint.postalCode} {relayPoint.city}
          <br />
          <span className="hint">Point relais n°&nbsp;{relayPoint.id}</span>
        </p>
      )}
      {deliveryMethod !== 'retrait-boutique' && address && (
        <p>
          {deliveryMethod === 'point-relais' && (
            <>
              Votre adresse&nbsp;:
              <br />
            </>
          )}
          {address.street}
          <br />
          {address.postalCode} {address.city}, {address.country}
        </p>
      )}
    </div>
  );
}
