import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Link, useLocation, useParams } from 'react-router-dom';
import { endsOrderFollows } from '@/domain/notifications/shop-notification';
import { isOrderNumber } from '@/domain/order/order-number';
import { paymentLabel } from '@/domain/order/payment';
import { cancelledQuantities, dueTotals } from '@/domain/order/withdrawn-order';
import { formatCents } from '@/domain/price-format';
import { shopDayAndTime } from '@/domain/shop-time';
import { ORDER_REPOSITORY } from '@/ports/order-repository';
import { useService } from '../../di/container-context';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { FollowOrderButton } from '../../notifications/follow-button';
import { useNoIndex } from '../../hooks/use-no-index';
import { orderQuery, useOrderChangesRefetch } from '../../query/order-query';
import { failureMessage, isFailure } from '../../query/result-query';
import { ContactLines, DeliveryLines, TotalsList } from './order-parts';
import './orders.css';
import { statusLabel } from '../../format/status-label';
import { nextStepsOf } from './order-next-steps';
import { OrderWithdrawal } from './order-withdrawal';
import { paths, PAYMENT_CANCELLED_QUERY } from '@/domain/site-paths';
import { PAYMENT_WAIT_REFETCH_MS, PayOrderButton, type ConfirmationState } from './order-payment';

/** `/commande/confirmation/:numero`: an order of this device, as saved; any other number is « introuvable ». */
export default function OrderConfirmationPage() {
  useNoIndex();
  const number = useParams().numero ?? '';
  const location = useLocation();
  // Arriving from « Commander » (the checkout says so in the history entry), not from the list.
  const arrival = location.state as ConfirmationState | null;
  const justPlaced = arrival?.placed === true;
  // Back from the provider's page without paying (its « cancel »).
  const paymentCancelled = location.search.replace(/^\?/, '') === PAYMENT_CANCELLED_QUERY;
  const orders = useService(ORDER_REPOSITORY);
  useOrderChangesRefetch();
  const valid = isOrderNumber(number);
  // Under the back office's key for the same order (orderQuery); no retry: a failure is said at once.
  // A card order waiting for the provider's word is read again every few seconds: the backend learns the outcome, not this page.
  const query = useQuery({
    ...orderQuery(orders, number),
    enabled: valid,
    retry: false,
    refetchInterval: (q) => (q.state.data?.status === 'en-attente-paiement' ? PAYMENT_WAIT_REFETCH_MS : false),
  });
  const order = query.data;
  const missing = !valid || isFailure(query.error, 'not-found');
  useDocumentTitle(order ? `Commande ${order.number}` : missing ? 'Commande introuvable' : 'Commande');
  // Arriving from « Commander », whose button is gone: the focus goes to the order's title, not to the page's start.
  const heading = useRef<HTMLHeadingElement>(null);
  const shown = order !== undefined;
  useEffect(() => {
    if (justPlaced && shown) heading.current?.focus();
  }, [justPlaced, shown]);

  if (missing) {
    return (
      <section aria-labelledby="titre-commande" className="checkout">
        <h1 id="titre-commande">Commande introuvable</h1>
        <p>
          Nous ne trouvons pas de commande «&#x202f;{number}&#x202f;» passée depuis cet appareil. Vérifiez le numéro, ou retrouvez vos commandes dans la liste.
        </p>
        <p>
          <Link to={paths.myOrders}>Mes commandes</Link> · <Link to={paths.shop}>Retour à la boutique</Link>
        </p>
      </section>
    );
  }
  if (query.isError) {
    return (
      <section aria-labelledby="titre-commande" className="checkout">
        <h1 id="titre-commande">Commande {number}</h1>
        <p role="alert">{failureMessage(query.error, 'La commande n’a pas pu être affichée.')}</p>
        <button type="button" onClick={() => void query.refetch()}>
          Réessayer
        </button>
      </section>
    );
  }
  if (!order)
    return (
      <p className="loading" role="status">
        Chargement de la commande…
      </p>
    );

  const { contact } = order;
  // The lines stay as placed; what was withdrawn before shipping is cancelled, and the totals follow.
  const cancelled = cancelledQuantities(order);
  const due = dueTotals(order);
  return (
    <section aria-labelledby="titre-commande" className="checkout order-confirmation">
      <h1 id="titre-commande" ref={heading} tabIndex={-1}>
        Commande <span className="order-number">{order.number}</span>
      </h1>
      {justPlaced && <p className="notice">Merci, votre commande est enregistrée.</p>}
      <p>
        Passée le {shopDayAndTime(order.placedAt)} · Statut&nbsp;:{' '}
        <span className="order-status" data-testid="order-status">
          {statusLabel(order)}
        </span>
      </p>
      <h2>Et maintenant&nbsp;?</h2>
      {order.status === 'en-attente-paiement' ? (
        <>
          <p role="status" className="notice">
            {paymentCancelled ? 'Votre paiement n’a pas été effectué.' : nextStepsOf(order)}
          </p>
          <p className="hint">Vous n’avez pas terminé le paiement&nbsp;? Votre commande vous est réservée quelques minutes, le temps de la payer.</p>
          <PayOrderButton number={order.number} failure={arrival?.paymentFailure} />
        </>
      ) : (
        <p>{nextStepsOf(order)}</p>
      )}
      {!endsOrderFollows(order.status) && <FollowOrderButton key={order.number} number={order.number} />}
      <h2>Articles</h2>
      <ul className="checkout-lines" aria-label="Articles commandés">
        {order.lines.map((line, index) => (
          <li key={index}>
            <span>
              {line.name} × {line.quantity}
              {cancelled[index]! > 0 && (
                <span className="hint" data-testid="line-cancelled">
                  {' '}
                  (dont {cancelled[index]} {cancelled[index] === 1 ? 'annulé' : 'annulés'} par votre rétractation)
                </span>
              )}
            </span>
            <span>{formatCents(line.unitPriceCents * line.quantity)}</span>
          </li>
        ))}
      </ul>
      <TotalsList totals={due} />
      {due !== order.totals && (
        <p className="hint" data-testid="total-initial">
          Total à la commande&nbsp;: {formatCents(order.totals.totalCents)}. Les articles dont vous vous êtes rétracté avant leur envoi n’y sont plus comptés.
        </p>
      )}
      <div className="checkout-recap">
        <section aria-labelledby="commande-livraison">
          <h2 id="commande-livraison">Livraison</h2>
          <DeliveryLines details={order} />
        </section>
        <section aria-labelledby="commande-contact">
          <h2 id="commande-contact">Contact</h2>
          <ContactLines contact={contact} />
        </section>
        <section aria-labelledby="commande-paiement">
          <h2 id="commande-paiement">Paiement</h2>
          <p data-testid="order-payment">{paymentLabel(order)}</p>
        </section>
      </div>
      <OrderWithdrawal order={order} />
      <p>
        <Link to={paths.myOrders}>Toutes mes commandes</Link> · <Link to={paths.shop}>Continuer mes achats</Link>
      </p>
    </section>
  );
}
