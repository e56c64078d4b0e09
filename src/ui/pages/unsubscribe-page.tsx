import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { unsubscribeFromNewsletter } from '@/domain/newsletter/unsubscribe';
import type { Result } from '@/domain/result';
import { useDocumentTitle } from '../hooks/use-document-title';
import { NEWSLETTER_SUBSCRIBERS } from '@/ports/newsletter-subscribers';
import { useService } from '../di/container-context';

export default function UnsubscribePage() {
  const subscribers = useService(NEWSLETTER_SUBSCRIBERS);
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [result, setResult] = useState<Result<unknown> | null>(null);
  const done = useRef<string | null>(null);
  useDocumentTitle('Désinscription de la newsletter');

  useEffect(() => {
    // Once per token: a re-render must not unsubscribe twice (the second would say « invalide »).
    if (done.current === token) return;
    done.current = token;
    let current = true;
    void unsubscribeFromNewsletter({ subscribers }, token).then((outcome) => {
      if (current) setResult(outcome);
    });
    return () => {
      current = false;
    };
  }, [subscribers, token]);

  return (
    <section className="narrow" aria-labelledby="titre-desinscription">
      <h1 id="titre-desinscription">Désinscription de la newsletter</h1>
      {result && (
        <p role="status" className={result.ok ? 'notice' : 'field-error'}>
          {result.ok ? result.message : result.error.message}
        </p>
      )}
    </section>
  );
}
