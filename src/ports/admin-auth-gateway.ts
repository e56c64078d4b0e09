import type { Result } from '@/domain/result';
import { token } from './token';

/** Who the backend says signed in. */
export interface AdminIdentity {
  email: string;
  /** false: the backend knows this user, but not as an admin. Absent: a gateway that only knows admins. */
  isAdmin?: boolean;
  /** The backend's own user id and creation date, when it has them. */
  id?: string;
  createdAt?: string;
}

/**
 * The admin's sign-in and the session it opens, kept by the adapter: the local adapter in the
 * spec's two storage entries (temp_admin_auth, temp_admin_email), the Supabase adapter in
 * supabase-js's session. Like every remote port, each answer is a Result: a backend that cannot
 * be reached or used answers its BackendFailure (src/domain/backend-error.ts), never a rejection.
 */
export interface AdminAuthGateway {
  /**
   * Checks the pair (it comes from the signIn use case: the email trimmed, neither field blank)
   * and, when it is accepted, opens the session. A pair that is not accepted
   * answers fail('wrong-credentials', « Identifiants incorrects »). A success may carry a
   * message (the session is open on this page but could not be remembered).
   */
  authenticate(email: string, password: string): Promise<Result<AdminIdentity>>;
  /** The identity signed in now (restored after a reload), or null. */
  currentSession(): Promise<Result<AdminIdentity | null>>;
  /** Ends the session (in every tab, and on the server when there is one). */
  signOut(): Promise<Result>;
  /**
   * Calls `listener` whenever the session changes other than by this page's own call (signed
   * in or out in another tab, a refresh refused once expired); an adapter may also report this
   * page's own changes. Answers the function that stops listening.
   */
  onSessionChange(listener: (identity: AdminIdentity | null) => void): () => void;
}

export const ADMIN_AUTH_GATEWAY = token<AdminAuthGateway>('AdminAuthGateway');
