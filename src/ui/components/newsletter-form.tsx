import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { fail } from '../../domain/result';
import { LOGGER } from '../../ports/logger';
import { useService } from '../di/container-context';
import { useNewsletterOnDemand } from '../hooks/use-shop-state';
import { useNotify } from '../toast/toast-context';

/** The newsletter's code could not be downloaded (the network went away since the page loaded). */
export const NEWSLETTER_UNAVAILABLE =
  'L’inscription n’a pas pu se faire\u00a0: vérifiez votre connexion à Internet, puis réessayez.';

export function NewsletterForm() {
  const newsletter = useNewsletterOnDemand();
  const logger = useService(LOGGER);
  const notify = useNotify();
  const id = useId();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setPending(true);
    let result;
    try {
      result = await (await newsletter.load()).register(email);
    } catch (cause) {
      // Its code could not be downloaded (network gone since the page loaded): say so, keep the address.
      logger.warn('The newsletter could not be loaded', cause);
      result = fail('network', NEWSLETTER_UNAVAILABLE);
    } finally {
      setPending(false);
    }
    // An error is said once, beside the field; a success, which leaves no field to point at, in a toast.
    if (result.ok) {
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
        Nouveautés et offres, une fois par mois. Chaque email a un lien de désinscription.{' '}
        <Link to="/politique-de-confidentialite">Vos données et vos droits</Link>
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
          // Typing an address announces a subscription: its code starts downloading.
          onFocus={() => void newsletter.load().catch(() => undefined)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          required
        />
        <button type="submit" disabled={pending}>
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
