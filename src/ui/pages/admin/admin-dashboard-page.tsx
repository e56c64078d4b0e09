import type { UseQueryResult } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { LOW_STOCK_THRESHOLD } from '@/domain/constants';
import { ORDER_STATUS_LABELS, ORDER_STATUSES, type OrderStatus } from '@/domain/order/order-status';
import { countOf, formatCount } from '../../format/count';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { useProductCount } from './admin-catalogue-queries';
import { useActiveSubscriberCount } from './dashboard-queries';
import { formatCents } from '@/domain/price-format';
import { useOrderChangesRefetch } from '../../query/order-query';
import { useOrderSummary } from './orders/admin-order-queries';
import { stockQuery } from './products/stock-level';
import { paths } from '@/domain/site-paths';

interface FigureProps {
  /** [one, several]: French takes the singular for 0 and 1. */
  label: readonly [string, string];
  count: Pick<UseQueryResult<number>, 'data' | 'isError'>;
  /** The count stopped at its bound (COUNT_BOUND): « plus de 1 000 ». */
  more?: boolean;
  to: string;
  id: string;
  hint?: string;
}

function Figure({ label, count, more = false, to, id, hint }: FigureProps) {
  const value = count.isError ? 'Indisponible' : count.data === undefined ? '…' : `${more ? 'plus de ' : ''}${formatCount(count.data)}`;
  const words = more || (count.data ?? 0) > 1 ? label[1] : label[0];
  return (
    <li className="admin-figure">
      <Link to={to}>
        <span className="admin-figure__value" data-testid={id}>
          {value}
        </span>{' '}
        <span className="admin-figure__label">{words}</span>
      </Link>
      {hint && <span className="hint">{hint}</span>}
    </li>
  );
}

/** A product count's figure: its total, « plus de » when the count stopped at its bound. */
function figureOf(count: ReturnType<typeof useProductCount>): Pick<FigureProps, 'count' | 'more'> {
  return { count: { data: count.data?.total, isError: count.isError }, more: count.data?.totalIsExact === false };
}

// The products list's « épuisé » and « stock faible » filters: each figure links to that list.
const OUT_OF_STOCK = stockQuery('epuise');
const LOW_STOCK = stockQuery('faible');

/** « commande payée », « commandes payées », « commandes prêtes à retirer »; « en attente (de paiement) » does not change. */
function orderLabel(status: OrderStatus): readonly [string, string] {
  const label = ORDER_STATUS_LABELS[status];
  return [`commande ${label}`, `commandes ${label.startsWith('en ') ? label : label.replace(/^\S+/, (word) => `${word}s`)}`];
}

/** The orders by status, each a link to the list of that status, and what was paid today (not what is expected). */
function OrderFigures() {
  useOrderChangesRefetch();
  const summary = useOrderSummary();
  const revenue = summary.isError ? 'Indisponible' : summary.data === undefined ? '…' : formatCents(summary.data.todayRevenueCents);
  return (
    <section aria-labelledby="titre-tableau-commandes">
      <h2 id="titre-tableau-commandes">Commandes</h2>
      <ul className="admin-figures">
        {ORDER_STATUSES.map((status) => (
          <Figure
            key={status}
            id={`dashboard-orders-${status}`}
            label={orderLabel(status)}
            count={{ data: summary.data?.countsByStatus[status], isError: summary.isError }}
            to={`${paths.adminOrders}?statut=${status}`}
          />
        ))}
        <Figure
          id="dashboard-withdrawals"
          label={['rétractation à traiter', 'rétractations à traiter']}
          count={{ data: summary.data?.withdrawalsToHandle, isError: summary.isError }}
          to={`${paths.adminOrders}?retractation=1`}
          hint="retour des articles ou remboursement à enregistrer"
        />
        <li className="admin-figure">
          <Link to={paths.adminOrders}>
            <span className="admin-figure__value" data-testid="dashboard-revenue">
              {revenue}
            </span>{' '}
            <span className="admin-figure__label">encaissé aujourd’hui</span>
          </Link>
          {summary.data && (
            <span className="hint" data-testid="dashboard-revenue-orders">
              {countOf(summary.data.todayOrders, 'commande payée', 'commandes payées')} aujourd’hui (par carte à la commande, à la livraison ou au retrait une
              fois remise)&nbsp;; une commande pas encore payée ne compte pas
            </span>
          )}
        </li>
      </ul>
    </section>
  );
}

/** /admin: what needs the owner's attention, each figure a link to its list. */
export default function AdminDashboardPage() {
  useDocumentTitle('Tableau de bord · Administration');
  const products = useProductCount({});
  const out = useProductCount(OUT_OF_STOCK);
  const low = useProductCount(LOW_STOCK);
  const subscribers = useActiveSubscriberCount();
  return (
    <section aria-labelledby="titre-tableau-de-bord">
      <h1 id="titre-tableau-de-bord">Tableau de bord</h1>
      <ul className="admin-figures">
        <Figure id="dashboard-products" label={['produit', 'produits']} {...figureOf(products)} to={paths.adminProducts} />
        <Figure id="dashboard-out-of-stock" label={['produit épuisé', 'produits épuisés']} {...figureOf(out)} to={`${paths.adminProducts}?stock=epuise`} />
        <Figure
          id="dashboard-low-stock"
          label={['produit en stock faible', 'produits en stock faible']}
          {...figureOf(low)}
          to={`${paths.adminProducts}?stock=faible`}
          hint={`moins de ${LOW_STOCK_THRESHOLD}\u00a0unités`}
        />
        <Figure id="dashboard-subscribers" label={['abonné actif', 'abonnés actifs']} count={subscribers} to={paths.adminNewsletter} />
      </ul>
      <OrderFigures />
    </section>
  );
}
