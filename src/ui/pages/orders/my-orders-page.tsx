import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { formatCents } from '@/domain/price-format';
import { shopDay } from '@/domain/shop-time';
import { ORDER_REPOSITORY } from '@/ports/order-repository';
import { useService } from '../../di/container-context';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { useNoIndex } from '../../hooks/use-no-index';
import { useOrderChangesRefetch } from '../../query/order-query';
import { orderKeys } from '../../query/query-keys';
import { failureMessage, valueOf } from '../../query/result-query';
import './orders.css';
import { statusLabel } from '../../format/status-label';
import { deliverySummary } from './order-format';
import { paths } from '@/domain/site-paths';
import { dueTotals } from '@/domain/order/withdrawn-order';

/** `/mes-commandes`: the orders placed from this device, newest first. */
export default function MyOrdersPage() {
  useDocumentTitle('Mes commandes');
  useNoIndex();
  const orders = useService(ORDER_REPOSITORY);
  // An order cancelled or shipped meanwhile shows without a reload.
  useOrderChangesRefetch();
  // No retry: a failure is said at once, with « Réessayer ».
  const query = useQuery({ queryKey: orderKeys.mine(), queryFn: async () => valueOf(await orders.listMine()), retry: false });
  const mine = query.data;

  let content;
  if (query.isError) {
    content = (
      <>
        <p role="alert">{failureMessage(query.error, 'Vos commandes n’ont pas pu être affichées.')}</p>
        <button type="button" onClick={() => void query.refetch()}>
          Réessayer
        </button>
      </>
    );
  } else if (!mine)
    content = (
      <p className="loading" role="status">
        Chargement de vos commandes…
      </p>
    );
  else if (mine.length === 0) {
    content = (
      <div className="empty-state">
        <p>Vous n’avez passé aucune commande depuis cet appareil.</p>
        <Link to={paths.shop} className="button-link">
          Découvrir la boutique
        </Link>
      </div>
    );
  } else {
    content = (
      <ol className="order-list" aria-label="Vos commandes, de la plus récente à la plus ancienne">
        {mine.map((order) => (
          <li key={order.number} data-testid="order-row">
            <Link to={paths.orderConfirmation(order.number)} className="order-number">
              <span className="visually-hidden">Commande </span>
              {order.number}
            </Link>
            <span>{shopDay(order.placedAt)}</span>
            <span data-testid="order-total">{formatCents(dueTotals(order).totalCents)}</span>
            <span className="order-status">{statusLabel(order)}</span>
            <span data-testid="order-delivery">{deliverySummary(order)}</span>
          </li>
        ))}
      </ol>
    );
  }

  return (
    <section aria-labelledby="titre-mes-commandes" className="checkout">
      <h1 id="titre-mes-commandes">Mes commandes</h1>
      <p className="hint">Les commandes passées depuis cet appareil.</p>
      {content}
    </section>
  );
}
