import type { AdminPasswordCheck } from '@/adapters/local-admin-auth/local-admin-auth-gateway';
import { BackendError, backendFailure } from '@/domain/backend-error';
import { MESSAGES } from '@/domain/messages';
import { fail, ok, type BackendFailure, type Result } from '@/domain/result';
import type { AdminAuthGateway, AdminIdentity } from '@/ports/admin-auth-gateway';

export const TEST_ADMIN = { email: 'admin@boutique.test', password: 'bon-mot-de-passe' } as const;

/** A user the fake backend knows, but not as an admin (a shopper's account). */
export const TEST_SHOPPER = { email: 'cliente@boutique.test', password: 'mot-de-passe-cliente' } as const;

/** The local adapter's password check for one fixed pair, without hashing. */
export class FakePasswordCheck implements AdminPasswordCheck {
  constructor(private readonly admin: { email: string; password: string } = TEST_ADMIN) {}

  async verify(email: string, password: string): Promise<Result<string | null>> {
    return ok(email === this.admin.email && password === this.admin.password ? this.admin.email : null);
  }
}

/**
 * A backend that keeps the admin session itself (as Supabase auth does), in memory: it knows
 * TEST_ADMIN as an admin and TEST_SHOPPER as a user who is not one. `down` makes every call
 * answer that failure; `elsewhere` changes the session as another tab or the backend would.
 */
export class FakeAdminAuthGateway implements AdminAuthGateway {
  /** The session the backend holds now. */
  session: AdminIdentity | null;
  down: BackendFailure | null = null;
  /** The message a successful sign-in carries (as a session open on this page only would). */
  successMessage: string | undefined;
  private readonly listeners = new Set<(identity: AdminIdentity | null) => void>();

  constructor(options: { session?: AdminIdentity | null } = {}) {
    this.session = options.session ?? null;
  }

  async authenticate(email: string, password: string): Promise<Result<AdminIdentity>> {
    if (this.down) return this.failure(this.down);
    const known = [
      { ...TEST_ADMIN, isAdmin: true },
      { ...TEST_SHOPPER, isAdmin: false },
    ].find((user) => user.email === email && user.password === password);
    if (!known) return fail('wrong-credentials', MESSAGES.wrongCredentials);
    this.session = { email: known.email, isAdmin: known.isAdmin };
    return ok(this.session, this.successMessage);
  }

  async currentSession(): Promise<Result<AdminIdentity | null>> {
    if (this.down) return this.failure(this.down);
    return ok(this.session);
  }

  async signOut(): Promise<Result> {
    if (this.down) return this.failure(this.down);
    this.session = null;
    return ok();
  }

  onSessionChange(listener: (identity: AdminIdentity | null) => void): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  /** The session changes without this page asking (another tab, an expired refresh). */
  elsewhere(identity: AdminIdentity | null): void {
    this.session = identity;
    for (const listener of [...this.listeners]) listener(identity);
  }

  /** The French sentence of backend-error.ts, as a real adapter answers it. */
  private failure(code: BackendFailure) {
    return backendFailure(new BackendError(code))!;
  }
}
