import { useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { subscribeToNewsletter } from '@/domain/newsletter/subscribe';
import { paths } from '@/domain/site-paths';
import { NEWSLETTER_SUBSCRIBERS } from '@/ports/newsletter-subscribers';
import { useService } from '../di/container-context';
import { newsletterKeys } from '../query/query-keys';
import { useNotify } from '../toast/toast-context';
import { useBrowserStateKnown } from '../hooks/use-snapshot';

export function NewsletterForm() {
  const subscribers = useService(NEWSLETTER_SUBSCRIBERS);
  const queryClient = useQueryClient();
  const notify = useNotify();
  const id = useId();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  // On a prerendered page, typing waits for the shop to have taken the page over.
  const editable = useBrowserStateKnown();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (pending) return;
    setPending(true);
    const result = await subscribeToNewsletter({ subscribers }, email);
    setPending(false);
    // An error is said once, beside the field; a success, which leaves no field to point at, in a toast.
    if (result.ok) {
      void queryClient.invalidateQueries({ queryKey: newsletterKeys.subscribers() });
      notify.result(result);
      setEmail('');
      setError(null);
    } else {
      setError(result.error.message);
    }
  }

  return (
    <form className="newsletter" onSubmit={submit} noValidate aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Notre newsletter</h2>
      <p>
        Nouveautés et offres, une fois par mois. Chaque email a un lien de désinscription. <Link to={paths.privacy}>Vos données et vos droits</Link>
      </p>
      <div className="field-row">
        <label htmlFor={`${id}-email`}>Adresse email</label>
        <input
          id={`${id}-email`}
          type="email"
          name="email"
          autoComplete="email"
          inputMode="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          readOnly={!editable}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          required
        />
        {/* aria-disabled, not disabled: a disabled button loses the focus, which would fall to the page's start. */}
        <button type="submit" aria-disabled={pending || undefined}>
          {pending ? 'Inscription…' : 'S’inscrire'}
        </button>
      </div>
      {error && (
        <p id={`${id}-error`} className="field-error" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}
