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
 * Checks an admin's credentials. The local adapter compares against one configured pair
 * (email + salted PBKDF2 hash); a server-backed adapter (Supabase auth) asks the backend and
 * keeps the session itself. Failures to reach or use the backend reject with a BackendError
 * (src/domain/backend-error.ts); a wrong pair is not a failure, it resolves to null.
 */
export interface AdminAuthGateway {
  /** Resolves to the identity when the pair matches, null otherwise. */
  authenticate(email: string, password: string): Promise<AdminIdentity | null>;
  /**
   * Only for a gateway that keeps the session itself (the backend's, restored on reload):
   * the identity signed in now, or null. Without it, the domain remembers the session.
   */
  currentSession?(): Promise<AdminIdentity | null>;
  /** Ends the backend's session (only for a gateway with currentSession). */
  signOut?(): Promise<void>;
  /**
   * Calls `listener` whenever the backend's session changes on its own (signed out in another
   * tab, refresh refused once expired, signed in elsewhere). Only for a gateway with currentSession.
   */
  onSessionChange?(listener: (identity: AdminIdentity | null) => void): () => void;
}

export const ADMIN_AUTH_GATEWAY = token<AdminAuthGateway>('AdminAuthGateway');
