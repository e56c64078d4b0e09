import { useRef, useState, type FormEvent } from 'react';
import { Navigate, useSearchParams } from 'react-router-dom';
import { signIn } from '@/domain/admin/sign-in';
import { ADMIN_AUTH_GATEWAY } from '@/ports/admin-auth-gateway';
import { CLOCK } from '@/ports/clock';
import { LOGGER } from '@/ports/logger';
import { useService } from '../../di/container-context';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { useFocusAfter } from '../../hooks/use-focus-after';
import { useAdminSession } from '../../hooks/use-shop-state';
import { useNotify } from '../../toast/toast-context';
import { Loading } from '../../components/loading';
import { RETURN_PARAM, safeReturnPath } from './admin-return-path';

/** Who creates the back office's accounts, and where: the owner reading the refusal is told it. */
const ACCOUNTS_HELP =
  'Les comptes de l’administration ne se créent pas depuis cette page\u00a0: c’est la personne qui installe la boutique qui les crée. ' +
  'Avec Supabase, dans son tableau de bord (Authentication › Users, puis le rôle «\u202fadmin\u202f», comme le décrit docs/supabase.md)\u00a0; ' +
  'sur une boutique locale, dans sa configuration (VITE_ADMIN_EMAIL et VITE_ADMIN_PASSWORD_HASH, décrits dans le README).';

/** /admin/connexion: the admin sign-in of spec §4–§6; signed in, back to the page asked for. */
export default function AdminSignInPage() {
  const { session, isAdmin, restoring } = useAdminSession();
  const ports = { gateway: useService(ADMIN_AUTH_GATEWAY), clock: useService(CLOCK), logger: useService(LOGGER), session };
  const [params] = useSearchParams();
  const notify = useNotify();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [signUpRefusal, setSignUpRefusal] = useState<string | null>(null);
  // Refused: the button was disabled while it checked, and the password is emptied; the focus goes
  // to that field to type it again, the message said with it.
  const focusAfter = useFocusAfter();
  const passwordField = useRef<HTMLInputElement>(null);
  const emailField = useRef<HTMLInputElement>(null);
  useDocumentTitle('Connexion administrateur');

  // Just after a load, whether a session is open is not known yet: no form that would flash.
  if (restoring) return <Loading />;
  // Signed in here, or a session restored (a backend's, after a reload): on to the page asked for.
  if (isAdmin) return <Navigate to={safeReturnPath(params.get(RETURN_PARAM))} replace />;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setPending(true);
    const result = await signIn(ports, { email, password });
    setPending(false);
    if (result.ok) {
      notify({ title: 'Connexion réussie', description: `Bienvenue, ${result.value.display_name}.` });
    } else {
      // Said once, beside the form (role="alert"), not again in a toast.
      setError(result.error.message);
      setPassword('');
      // A missing address is typed first; otherwise the password again.
      focusAfter(() => (email.trim() === '' ? emailField.current : passwordField.current));
    }
  }

  // Said on the page, where it stays: the spec's refusal, then who does create the accounts.
  async function requestAccount() {
    const result = await session.signUp(email, password);
    setSignUpRefusal(result.ok ? null : result.error.message);
  }

  return (
    <section className="narrow" aria-labelledby="titre-connexion">
      <h1 id="titre-connexion">Connexion administrateur</h1>
      <form onSubmit={submit} noValidate className="stack" aria-describedby={error ? 'erreur-connexion' : undefined}>
        <label htmlFor="admin-email">Adresse email</label>
        <input ref={emailField} id="admin-email" type="email" autoComplete="username" value={email} onChange={(e) => setEmail(e.target.value)} required />
        <label htmlFor="admin-password">Mot de passe</label>
        <input
          ref={passwordField}
          id="admin-password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          aria-describedby={error ? 'erreur-connexion' : undefined}
          required
        />
        {error && (
          <p id="erreur-connexion" className="field-error" role="alert">
            {error}
          </p>
        )}
        <button type="submit" disabled={pending}>
          {pending ? 'Connexion…' : 'Se connecter'}
        </button>
      </form>
      <p className="hint">
        Pas encore de compte&nbsp;?{' '}
        <button type="button" className="link" onClick={requestAccount}>
          Créer un compte
        </button>
      </p>
      <div role="status" className="admin-sign-up-refusal">
        {signUpRefusal && (
          <>
            <p>
              <strong>{signUpRefusal}</strong>
            </p>
            <p className="hint">{ACCOUNTS_HELP}</p>
          </>
        )}
      </div>
    </section>
  );
}
