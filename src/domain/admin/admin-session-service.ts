import type { AdminAuthGateway, AdminIdentity } from '@/ports/admin-auth-gateway';
import type { Clock } from '@/ports/clock';
import type { IdGenerator } from '@/ports/id-generator';
import type { Logger } from '@/ports/logger';
import { MESSAGES } from '../messages';
import { fail, type Result } from '../result';
import { makeTemporaryAdmin, type AdminUser } from './admin-user';

export interface AdminSession {
  user: AdminUser | null;
  /** Until the gateway has said whether a session is open (just after a load): neither signed in nor out yet. */
  restoring: boolean;
}

const RESTORING: AdminSession = { user: null, restoring: true };
const SIGNED_OUT: AdminSession = { user: null, restoring: false };

/**
 * The admin session of spec §4–§6. The gateway keeps the session (locally the two storage
 * entries temp_admin_auth / temp_admin_email, on Supabase its auth) and is asked for it at start;
 * this service follows it and applies the domain's rules: sign-up always closed, only an admin let
 * in, the admin user of spec §3. Signing in is the signIn use case (./sign-in.ts), which opens it.
 */
export class AdminSessionService {
  private session: AdminSession = RESTORING;
  private readonly listeners = new Set<() => void>();
  private readonly stopListening: () => void;

  constructor(
    private readonly gateway: AdminAuthGateway,
    private readonly clock: Clock,
    private readonly ids: IdGenerator,
    private readonly logger: Logger,
  ) {
    this.stopListening = gateway.onSessionChange((identity) => this.follow(identity));
    void this.restore();
  }

  getSnapshot = (): AdminSession => this.session;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  isAdmin(): boolean {
    return this.session.user?.role === 'admin';
  }

  /** Opens the session of an admin the gateway accepted (the signIn use case), and answers the user. */
  open(identity: AdminIdentity): AdminUser {
    const user = this.userOf(identity);
    this.setSession({ user, restoring: false });
    return user;
  }

  /** Spec §5: creating an account is always refused. */
  async signUp(_email: string, _password: string): Promise<Result<never>> {
    return fail('sign-up-closed', MESSAGES.signUpClosed);
  }

  signOut(): void {
    void this.end();
    this.setSession(SIGNED_OUT);
  }

  dispose(): void {
    this.stopListening();
    this.listeners.clear();
  }

  private async restore(): Promise<void> {
    let restored: AdminIdentity | null = null;
    try {
      const answer = await this.gateway.currentSession();
      if (answer.ok) restored = answer.value;
      else this.logger.warn('The admin session could not be restored', answer.error);
    } catch (error) {
      this.logger.warn('The admin session could not be restored', error);
    }
    // A sign-in, a sign-out or a change heard meanwhile is newer than what was restored.
    if (this.session.restoring) this.follow(restored);
  }

  /** The gateway's session, as it is now: an admin is signed in here; anyone else, or no one, is not. */
  private follow(identity: AdminIdentity | null): void {
    if (!identity || identity.isAdmin === false) {
      this.setSession(SIGNED_OUT);
      return;
    }
    this.setSession({ user: this.userOf(identity), restoring: false });
  }

  /** Ends the gateway's session (in every tab, and on the server when there is one). */
  async end(): Promise<void> {
    try {
      const answer = await this.gateway.signOut();
      if (!answer.ok) this.logger.error('The admin session could not be ended', answer.error);
    } catch (error) {
      this.logger.error('The admin session could not be ended', error);
    }
  }

  /** The same admin signed in again (another tab, the backend's own event) keeps the user object and its id. */
  private userOf(identity: AdminIdentity): AdminUser {
    const current = this.session.user;
    if (current && current.email === identity.email && (identity.id === undefined || current.id === identity.id)) return current;
    const id = identity.id ?? this.ids.next();
    const createdAt = identity.id === undefined ? undefined : identity.createdAt;
    return makeTemporaryAdmin(identity.email, id, createdAt ?? new Date(this.clock.now()).toISOString());
  }

  private setSession(next: AdminSession): void {
    if (next.user === this.session.user && next.restoring === this.session.restoring) return;
    this.session = next;
    for (const listener of [...this.listeners]) listener();
  }
}
