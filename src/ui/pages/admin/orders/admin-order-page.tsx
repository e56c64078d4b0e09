import { Link, useParams } from 'react-router-dom';
import type { Order } from '@/domain/order/order';
import { DELIVERY_METHOD_LABELS } from '@/domain/order/order-constants';
import { ORDER_STATUS_LABELS } from '@/domain/order/order-status';
import { vatLineLabel } from '@/domain/vat-rate';
import { paymentLabel } from '@/domain/order/payment';
import { cancelledQuantities, dueTotals } from '@/domain/order/withdrawn-order';
import { COMPANY } from '@/domain/company';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { isFailure } from '../../../query/result-query';
import { formatCents } from '@/domain/price-format';
import { shopDayAndTime } from '@/domain/shop-time';
import { statusLabel } from '../../../format/status-label';
import { formatPhone } from './admin-order-format';
import { useOrderChangesRefetch } from '../../../query/order-query';
import { useAdminOrder } from './admin-order-queries';
import { OrderStatusActions } from './order-status-actions';
import { WithdrawalActions } from './withdrawal-actions';
import './admin-orders.css';
import { paths } from '@/domain/site-paths';

function BackToOrders() {
  return (
    <p>
      <Link to={paths.adminOrders}>Retour aux commandes</Link>
    </p>
  );
}

/** /admin/commandes/:numero: what was ordered, by whom, delivered how, paid how; and its status to move along. */
export default function AdminOrderPage() {
  const number = useParams().numero ?? '';
  useOrderChangesRefetch();
  const order = useAdminOrder(number);
  const missing = isFailure(order.error, 'not-found');
  useDocumentTitle(`${missing ? 'Commande introuvable' : `Commande ${number}`} · Administration`);

  if (missing) {
    return (
      <section aria-labelledby="titre-commande">
        <h1 id="titre-commande">Commande introuvable</h1>
        <p>Aucune commande ne porte le numéro {number}.</p>
        <BackToOrders />
      </section>
    );
  }
  if (order.isError && order.data === undefined) {
    return (
      <section aria-labelledby="titre-commande">
        <h1 id="titre-commande">Commande {number}</h1>
        <p role="alert">{order.error.message}</p>
        <BackToOrders />
      </section>
    );
  }
  if (order.data === undefined)
    return (
      <p className="loading" role="status">
        Chargement de la commande…
      </p>
    );
  return <OrderDetail order={order.data} />;
}

function OrderDetail({ order }: { order: Order }) {
  const { payment } = order;
  // Lines withdrawn before shipping are cancelled: the totals are what the order still comes to.
  const cancelled = cancelledQuantities(order);
  const totals = dueTotals(order);
  return (
    <section aria-labelledby="titre-commande">
      <h1 id="titre-commande">Commande {order.number}</h1>
      <p>
        Passée le {shopDayAndTime(order.placedAt)}. Statut&nbsp;: <strong data-testid="order-status">{statusLabel(order)}</strong>
        {/* Handed over: delivered, or collected at the shop. */}
        {order.deliveredAt && (
          <>
            {' '}
            ({order.status === 'retiree' ? ORDER_STATUS_LABELS.retiree : ORDER_STATUS_LABELS.livree} le {shopDayAndTime(order.deliveredAt)})
          </>
        )}
      </p>
      <WithdrawalActions order={order} />
      <OrderStatusActions order={order} />
      <h2>Articles</h2>
      {/* Not in a scrolling wrapper: four columns fit a phone, and a scrolling box would need to take the focus. */}
      <table className="admin-table admin-order-lines">
        <thead>
          <tr>
            <th scope="col">Produit</th>
            <th scope="col">Quantité</th>
            <th scope="col">Prix unitaire</th>
            <th scope="col">Total</th>
          </tr>
        </thead>
        <tbody>
          {order.lines.map((line, index) => (
            <tr key={index} data-testid="admin-order-line">
              <th scope="row">{line.name}</th>
              <td>
                {line.quantity.toLocaleString('fr-FR')}
                {cancelled[index]! > 0 && (
                  <span className="hint" data-testid="admin-line-cancelled">
                    {' '}
                    (dont {cancelled[index]!.toLocaleString('fr-FR')} {cancelled[index] === 1 ? 'annulé' : 'annulés'} par rétractation)
                  </span>
                )}
              </td>
              <td>{formatCents(line.unitPriceCents)}</td>
              <td>{formatCents(line.unitPriceCents * line.quantity)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={3}>
              Sous-total
            </th>
            <td data-testid="order-subtotal">{formatCents(totals.subtotalCents)}</td>
          </tr>
          <tr>
            <th scope="row" colSpan={3}>
              Livraison
            </th>
            <td data-testid="order-delivery">{totals.deliveryCents === 0 ? 'Offerte' : formatCents(totals.deliveryCents)}</td>
          </tr>
          <tr className="admin-order-lines__total">
            <th scope="row" colSpan={3}>
              Total TTC
            </th>
            <td data-testid="order-total">{formatCents(totals.totalCents)}</td>
          </tr>
          {totals !== order.totals && (
            <tr>
              <th scope="row" colSpan={3}>
                Total à la commande, avant rétractation
              </th>
              <td data-testid="order-total-placed">{formatCents(order.totals.totalCents)}</td>
            </tr>
          )}
          {totals.vatByRate.map(({ rate, vatCents }) => (
            <tr key={rate} data-testid="order-vat">
              <th scope="row" colSpan={3}>
                {vatLineLabel(rate)}
              </th>
              <td>{formatCents(vatCents)}</td>
            </tr>
          ))}
        </tfoot>
      </table>
      <div className="admin-order-sections">
        <section aria-labelledby="titre-client">
          <h2 id="titre-client">Client</h2>
          <dl className="admin-order-details">
            <dt>Nom</dt>
            <dd>{order.contact.name}</dd>
            <dt>Adresse email</dt>
            <dd>
              <a href={`mailto:${order.contact.email}`}>{order.contact.email}</a>
            </dd>
            <dt>Téléphone</dt>
            <dd>{order.contact.phone ? formatPhone(order.contact.phone) : 'Non renseigné'}</dd>
          </dl>
        </section>
        <section aria-labelledby="titre-livraison">
          <h2 id="titre-livraison">Livraison</h2>
          <dl className="admin-order-details">
            <dt>Mode</dt>
            <dd>{DELIVERY_METHOD_LABELS[order.deliveryMethod]}</dd>
            {order.deliveryMethod === 'retrait-boutique' && (
              <>
                <dt>Retrait</dt>
                <dd data-testid="order-pickup">
                  À la boutique, {COMPANY.address}
                  <br />
                  Aucune adresse de livraison
                </dd>
              </>
            )}
            {order.relayPoint && (
              <>
                <dt>Point relais</dt>
                <dd data-testid="order-relay-point">
                  {order.relayPoint.name} (n°&nbsp;{order.relayPoint.id})
                  <br />
                  {order.relayPoint.street}
                  <br />
                  {order.relayPoint.postalCode} {order.relayPoint.city}
                </dd>
              </>
            )}
            {order.address && (
              <>
                <dt>{order.deliveryMethod === 'point-relais' ? 'Adresse du client' : 'Adresse'}</dt>
                <dd data-testid="order-address">
                  {order.contact.name}
                  <br />
                  {order.address.street}
                  <br />
                  {order.address.postalCode} {order.address.city}
                  <br />
                  {order.address.country}
                </dd>
              </>
            )}
          </dl>
        </section>
        <section aria-labelledby="titre-paiement">
          <h2 id="titre-paiement">Paiement</h2>
          <p data-testid="order-payment">
            {paymentLabel(order)}
            {payment.method === 'carte' && payment.reference && <span className="hint"> (référence du prestataire&nbsp;: {payment.reference})</span>}
          </p>
        </section>
      </div>
      <BackToOrders />
    </section>
  );
}
