import { Link, useSearchParams } from 'react-router-dom';
import { ORDER_STATUS_LABELS, ORDER_STATUSES } from '@/domain/order/order-status';
import { countOf } from '../../../format/count';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { WITHDRAWAL_STATUS_LABELS } from '@/domain/order/withdrawal';
import { dueTotals } from '@/domain/order/withdrawn-order';
import { formatCents } from '@/domain/price-format';
import { shopDayAndTime } from '@/domain/shop-time';
import { capitalized, statusLabel, statusOptionLabel } from '../../../format/status-label';
import { STATUS_PARAM, statusFilterOf, WITHDRAWAL_PARAM, withdrawnFilterOf } from './admin-order-format';
import { useOrderChangesRefetch } from '../../../query/order-query';
import { useAdminOrders } from './admin-order-queries';
import { deliverySummary } from '../../orders/order-format';
import './admin-orders.css';
import { paths } from '@/domain/site-paths';

/** /admin/commandes: every order, newest first, or those of the status the address names. */
export default function AdminOrdersPage() {
  useDocumentTitle('Commandes · Administration');
  useOrderChangesRefetch();
  const [params, setParams] = useSearchParams();
  const status = statusFilterOf(params);
  const withdrawn = withdrawnFilterOf(params);
  const list = useAdminOrders(status, withdrawn);

  function filter(name: string, value: string) {
    const next = new URLSearchParams(params);
    if (value) next.set(name, value);
    else next.delete(name);
    setParams(next, { replace: true });
  }

  return (
    <section aria-labelledby="titre-commandes">
      <div className="admin-heading">
        <h1 id="titre-commandes">Commandes</h1>
      </div>
      <form className="admin-filters" role="search" aria-label="Filtrer les commandes" onSubmit={(e) => e.preventDefault()}>
        <label>
          Statut
          <select value={status ?? ''} onChange={(e) => filter(STATUS_PARAM, e.target.value)}>
            <option value="">Toutes</option>
            {ORDER_STATUSES.map((s) => (
              <option key={s} value={s}>
                {statusOptionLabel(s)}
              </option>
            ))}
          </select>
        </label>
        <label>
          Rétractation
          <select value={withdrawn ? '1' : ''} onChange={(e) => filter(WITHDRAWAL_PARAM, e.target.value)}>
            <option value="">Toutes les commandes</option>
            <option value="1">Avec rétractation</option>
          </select>
        </label>
      </form>
      <p role="status" className="results-count">
        {list.isError ? list.error.message : list.data ? countOf(list.data.length, 'commande', 'commandes') : 'Chargement des commandes…'}
      </p>
      {list.data && list.data.length > 0 && (
        <div className="admin-table-wrap" role="region" aria-label="Tableau des commandes">
          <table className="admin-table admin-table--cards">
            <caption className="visually-hidden">Commandes, les plus récentes d’abord</caption>
            <thead>
              <tr>
                <th scope="col">Numéro</th>
                <th scope="col">Date</th>
                <th scope="col">Client</th>
                <th scope="col">Total</th>
                <th scope="col">Statut</th>
              </tr>
            </thead>
            <tbody>
              {list.data.map((order) => (
                <tr key={order.number} data-testid="admin-order-row">
                  <th scope="row">
                    <Link to={paths.adminOrder(order.number)}>{order.number}</Link>
                  </th>
                  <td data-label="Date">{shopDayAndTime(order.placedAt)}</td>
                  {/* Each cell's content in one element: on a phone, beside its label in the card. */}
                  <td data-label="Client" className="admin-table__long">
                    <span>
                      {order.contact.name}
                      <br />
                      <span className="admin-order-email">{order.contact.email}</span>
                      <br />
                      <span className="admin-order-delivery" data-testid="admin-order-delivery">
                        {deliverySummary(order)}
                      </span>
                    </span>
                  </td>
                  <td data-label="Total">{formatCents(dueTotals(order).totalCents)}</td>
                  <td data-label="Statut">
                    <span>
                      {statusLabel(order)}
                      {order.withdrawals.length > 0 && (
                        <>
                          <br />
                          <span className="admin-order-withdrawal" data-testid="admin-order-withdrawal">
                            {order.withdrawals.map((w) => capitalized(WITHDRAWAL_STATUS_LABELS[w.status])).join(' · ')}
                          </span>
                        </>
                      )}
                    </span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {list.data?.length === 0 && (
        <p className="empty">
          {status
            ? `Aucune commande «\u202f${ORDER_STATUS_LABELS[status]}\u202f»${withdrawn ? ' avec rétractation' : ''}.`
            : withdrawn
              ? 'Aucune rétractation.'
              : 'Aucune commande pour le moment.'}
        </p>
      )}
    </section>
  );
}
