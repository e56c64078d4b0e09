import { useDocumentTitle } from '../../../hooks/use-document-title';
import { countSubscribers } from '@/domain/newsletter/subscriber-list';
import { useSubscribers } from '../../../newsletter/newsletter-queries';
import { NewsletterComposer } from './newsletter-composer';
import { SubscriberList } from './subscriber-list';
import './admin-newsletter.css';

/** The back office's newsletter: who is subscribed (with a CSV export), and a newsletter to write and send. */
export default function AdminNewsletterPage() {
  const query = useSubscribers();
  const subscribers = query.data ?? [];

  useDocumentTitle('Newsletter · Administration');

  return (
    <div className="admin-newsletter">
      <h1>Newsletter</h1>
      {(query.isPending || (query.isError && query.isFetching)) && (
        <p className="loading" role="status">
          Chargement des abonnés…
        </p>
      )}
      {query.isError && !query.isFetching && (
        <div role="alert" className="load-error">
          <p className="field-error">{query.error.message}</p>
          <button type="button" className="secondary" onClick={() => void query.refetch()}>
            Réessayer
          </button>
        </div>
      )}
      {query.isSuccess && <SubscriberList subscribers={query.data} />}
      <NewsletterComposer activeCount={countSubscribers(subscribers).active} />
    </div>
  );
}
