import { useEffect, useState, type FormEvent } from 'react';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { useNewsletter } from '../../../hooks/use-shop-state';
import { useNotify } from '../../../toast/toast-context';

// Placeholder of the admin-UI branch: the composer that was on the dashboard, moved here as is.
// The newsletter helper's page (subscriber list, CSV export, preview) replaces this file at merge.
export default function AdminNewsletterPage() {
  const { newsletter, subscribers } = useNewsletter();
  const notify = useNotify();
  const [subject, setSubject] = useState('');
  const [body, setBody] = useState('');
  const [sending, setSending] = useState(false);
  const active = subscribers.filter((s) => s.isActive).length;
  useDocumentTitle('Newsletter · Administration');

  // The subscriber list as kept where it lives (a backend's table is read only now, by the admin).
  useEffect(() => {
    let current = true;
    void newsletter.refresh().then((result) => {
      if (current && !result.ok) notify.result(result);
    });
    return () => {
      current = false;
    };
  }, [newsletter, notify]);

  async function send(event: FormEvent) {
    event.preventDefault();
    setSending(true);
    const result = await newsletter.sendToAll(subject, body);
    setSending(false);
    notify.result(result);
    if (result.ok) {
      setSubject('');
      setBody('');
    }
  }

  return (
    <section aria-labelledby="titre-newsletter">
      <h1 id="titre-newsletter">Newsletter</h1>
      <p>
        {active} abonné{active > 1 ? 's' : ''} actif{active > 1 ? 's' : ''} sur {subscribers.length} inscrit
        {subscribers.length > 1 ? 's' : ''}.
      </p>
      <form onSubmit={send} className="stack">
        <label htmlFor="newsletter-subject">Objet</label>
        <input id="newsletter-subject" value={subject} onChange={(e) => setSubject(e.target.value)} required />
        <label htmlFor="newsletter-body">Message</label>
        <textarea id="newsletter-body" rows={6} value={body} onChange={(e) => setBody(e.target.value)} required />
        <button type="submit" disabled={sending}>
          {sending ? 'Envoi…' : 'Envoyer à tous les abonnés'}
        </button>
      </form>
    </section>
  );
}
