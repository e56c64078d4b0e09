import { token } from './token';

/**
 * Checks an admin's credentials. The local adapter compares against one configured pair
 * (email + salted PBKDF2 hash); a server-backed adapter would ask the backend instead.
 */
export interface AdminAuthGateway {
  /** Resolves to the admin's canonical email when the pair matches, null otherwise. */
  authenticate(email: string, password: string): Promise<{ email: string } | null>;
}

export const ADMIN_AUTH_GATEWAY = token<AdminAuthGateway>('AdminAuthGateway');
