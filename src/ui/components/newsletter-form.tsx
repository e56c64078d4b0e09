import { useId, useState, type FormEvent } from 'react';
import { useNewsletter } from '../hooks/use-shop-state';
import { useNotify } from '../toast/toast-context';

export function NewsletterForm() {
  const { newsletter } = useNewsletter();
  const notify = useNotify();
  const id = useId();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setPending(true);
    const result = await newsletter.register(email);
    setPending(false);
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
      <p>Nouveautés et offres, une fois par mois. Désinscription en un clic.</p>
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
