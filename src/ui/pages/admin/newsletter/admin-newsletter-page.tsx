import { useEffect, useState } from 'react';
import { countSubscribers } from '../../../../domain/newsletter/subscriber-list';
import { useNewsletter } from '../../../hooks/use-shop-state';
import { NewsletterComposer } from './newsletter-composer';
import { SubscriberList } from './subscriber-list';
import './admin-newsletter.css';

type Loading = { state: 'loading' } | { state: 'ready' } | { state: 'failed'; message: string };

/** The back office's newsletter: who is subscribed (with a CSV export), and a newsletter to write and send. */
export default function AdminNewsletterPage() {
  const { newsletter, subscribers } = useNewsletter();
  const [loading, setLoading] = useState<Loading>({ state: 'loading' });

  useEffect(() => {
    document.title = 'Newsletter · Administration · La Petite Boutique';
  }, []);

  // Asked again by « Réessayer ».
  const [attempt, setAttempt] = useState(0);

  // The list as kept where it lives: a backend's table is read only now, by the admin.
  useEffect(() => {
    let current = true;
    void newsletter.refresh().then((result) => {
      if (current) setLoading(result.ok ? { state: 'ready' } : { state: 'failed', message: result.error.message });
    });
    return () => {
      current = false;
    };
  }, [newsletter, attempt]);

  function retry() {
    setLoading({ state: 'loading' });
    setAttempt((n) => n + 1);
  }

  return (
    <div className="admin-newsletter">
      <h1>Newsletter</h1>
      {loading.state === 'loading' && (
        <p className="loading" role="status">
          Chargement des abonnés…
        </p>
      )}
      {loading.state === 'failed' && (
        <div role="alert" className="load-error">
          <p className="field-error">{loading.message}</p>
          <button type="button" className="secondary" onClick={retry}>
            Réessayer
          </button>
        </div>
      )}
      {loading.state === 'ready' && <SubscriberList subscribers={subscribers} />}
      <NewsletterComposer newsletter={newsletter} activeCount={countSubscribers(subscribers).active} />
    </div>
  );
}
