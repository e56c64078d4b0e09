import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { listFollows } from '@/domain/notifications/list-follows';
import { stopFollowing } from '@/domain/notifications/stop-following';
import type { Follow } from '@/ports/notifier';
import { NOTIFIER } from '@/ports/notifier';
import { useService } from '../di/container-context';
import { useDocumentTitle } from '../hooks/use-document-title';
import { useNoIndex } from '../hooks/use-no-index';
import { notificationKeys } from '../query/query-keys';
import { failureMessage, valueOf } from '../query/result-query';
import { useNotify } from '../toast/toast-context';
import { paths } from '@/domain/site-paths';

function FollowLine({ follow }: { follow: Follow }) {
  const notifier = useService(NOTIFIER);
  const notify = useNotify();
  const queryClient = useQueryClient();
  const what = follow.kind === 'order' ? `la commande ${follow.number}` : `«\u202f${follow.name}\u202f»`;
  function stop() {
    const stopped = stopFollowing({ notifier }, follow.id);
    notify.result(stopped);
    void stopped.then(() => queryClient.invalidateQueries({ queryKey: notificationKeys.all }));
  }
  return (
    <li data-testid="follow-line">
      {follow.kind === 'order' ? (
        <span>
          L’avancement de la commande <Link to={paths.orderConfirmation(follow.number)}>{follow.number}</Link>
        </span>
      ) : (
        <span>
          Le retour en stock de <Link to={paths.product(follow.slug)}>{follow.name}</Link>
        </span>
      )}
      <button type="button" className="secondary" onClick={stop}>
        Ne plus suivre <span className="visually-hidden">{what}</span>
      </button>
    </li>
  );
}

/** `/notifications`: what this device asked to be told of, each with its button to stop. */
export default function NotificationsPage() {
  useDocumentTitle('Notifications');
  useNoIndex();
  const notifier = useService(NOTIFIER);
  const query = useQuery({ queryKey: notificationKeys.all, queryFn: async () => valueOf(await listFollows({ notifier })), retry: false });
  const follows = query.data;
  let content;
  if (query.isError) {
    content = (
      <>
        <p role="alert">{failureMessage(query.error, 'Vos notifications n’ont pas pu être affichées.')}</p>
        <button type="button" onClick={() => void query.refetch()}>
          Réessayer
        </button>
      </>
    );
  } else if (!follows) {
    content = (
      <p className="loading" role="status">
        Chargement de vos notifications…
      </p>
    );
  } else if (follows.length === 0) {
    content = (
      <p>
        Vous ne suivez rien pour le moment. Sur la page d’une commande, ou d’un produit épuisé, demandez à être prévenu et la boutique vous enverra une
        notification.
      </p>
    );
  } else {
    content = (
      <ul className="follow-list" aria-label="Ce que vous suivez">
        {follows.map((follow) => (
          <FollowLine key={follow.id} follow={follow} />
        ))}
      </ul>
    );
  }
  return (
    <section aria-labelledby="titre-notifications" className="checkout">
      <h1 id="titre-notifications">Notifications</h1>
      <p className="hint">Les commandes et les produits dont cet appareil reçoit les notifications.</p>
      {content}
    </section>
  );
}
