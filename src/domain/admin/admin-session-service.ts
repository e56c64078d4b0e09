import type { AdminAuthGateway, AdminIdentity } from '../../ports/admin-auth-gateway';
import type { Clock } from '../../ports/clock';
import type { IdGenerator } from '../../ports/id-generator';
import type { KeyValueStore, StorageChange } from '../../ports/key-value-store';
import type { Logger } from '../../ports/logger';
import { backendFailure } from '../backend-error';
import { ADMIN_SIGN_IN_DELAY_MS } from '../constants';
import { MESSAGES } from '../messages';
import { fail, ok, type Result } from '../result';
import { ADMIN_AUTH_VALUE, STORAGE_KEYS } from '../storage-keys';
import { makeTemporaryAdmin, type AdminUser } from './admin-user';

export interface AdminSession {
  user: AdminUser | null;
}

const SIGNED_OUT: AdminSession = { user: null };

/**
 * The admin session of spec §4–§6: signed in when the gateway accepts the pair. Locally it is
 * remembered in two storage entries (temp_admin_auth, temp_admin_email), shared by every tab;
 * a gateway that keeps the session itself (Supabase auth: `currentSession`) is asked instead,
 * and the storage entries are never read or written (anyone can write them by hand).
 */
export class AdminSessionService {
  private session: AdminSession = SIGNED_OUT;
  private readonly listeners = new Set<() => void>();
  private readonly stopListening: () => void;

  constructor(
    private readonly gateway: AdminAuthGateway,
    private readonly store: KeyValueStore,
    private readonly clock: Clock,
    private readonly ids: IdGenerator,
    private readonly logger: Logger,
  ) {
    if (this.remote) {
      this.stopListening = gateway.onSessionChange?.((identity) => this.onRemoteSession(identity)) ?? (() => undefined);
      void this.restoreRemoteSession();
    } else {
      this.session = this.readStoredSession();
      this.stopListening = store.subscribe((change) => this.onStoreChange(change));
    }
  }

  /** The gateway keeps the session (a backend's auth), not our storage entries. */
  private get remote(): boolean {
    return typeof this.gateway.currentSession === 'function';
  }

  /** The backend's session changed on its own: follow it (an admin only; anyone else is signed out here). */
  private onRemoteSession(identity: AdminIdentity | null): void {
    if (!identity || identity.isAdmin === false) {
      this.setSession(SIGNED_OUT);
      return;
    }
    const current = this.session.user;
    if (current && current.email === identity.email && (identity.id === undefined || current.id === identity.id)) return;
    this.setSession({ user: this.userOf(identity) });
  }

  private async restoreRemoteSession(): Promise<void> {
    try {
      const identity = (await this.gateway.currentSession?.()) ?? null;
      if (identity && identity.isAdmin !== false && !this.session.user) this.setSession({ user: this.userOf(identity) });
    } catch (error) {
      this.logger.warn('The admin session could not be restored', error);
    }
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

  async signIn(email: string, password: string): Promise<Result<AdminUser>> {
    // Spec §9: the artificial delay comes first, whatever the outcome, so a wrong pair answers no faster.
    await this.wait(ADMIN_SIGN_IN_DELAY_MS);
    let accepted: AdminIdentity | null;
    try {
      accepted = await this.gateway.authenticate(email, password);
    } catch (error) {
      this.logger.error('Admin authentication failed to answer', error);
      const failure = backendFailure(error);
      if (failure) return failure;
      accepted = null;
    }
    if (!accepted) return fail('wrong-credentials', MESSAGES.wrongCredentials);
    if (accepted.isAdmin === false) {
      // Signed in by the backend, but not an admin: the back office is refused, the session ended.
      await this.endRemoteSession();
      return fail('not-admin', MESSAGES.notAdmin);
    }

    const user = this.userOf(accepted);
    this.setSession({ user });
    if (this.remote) return ok(user);
    try {
      this.store.set(STORAGE_KEYS.adminEmail, accepted.email);
      this.store.set(STORAGE_KEYS.adminAuth, ADMIN_AUTH_VALUE);
    } catch (error) {
      this.logger.error('Could not remember the admin session', error);
      this.removeKeys();
      // Still signed in on this page: only remembering it across reloads failed.
      return ok(user, MESSAGES.storageWriteFailed('session'));
    }
    return ok(user);
  }

  /** Spec §5: creating an account is always refused. */
  async signUp(_email: string, _password: string): Promise<Result<never>> {
    return fail('sign-up-closed', MESSAGES.signUpClosed);
  }

  signOut(): void {
    if (this.remote) void this.endRemoteSession();
    else this.removeKeys();
    this.setSession(SIGNED_OUT);
  }

  private async endRemoteSession(): Promise<void> {
    try {
      await this.gateway.signOut?.();
    } catch (error) {
      this.logger.error('The admin session could not be ended on the server', error);
    }
  }

  dispose(): void {
    this.stopListening();
    this.listeners.clear();
  }

  private wait(ms: number): Promise<void> {
    return new Promise((resolve) => this.clock.setTimeout(resolve, ms));
  }

  /** Both entries must be right: a lone flag or a wrong value is not a session. */
  private readStoredSession(): AdminSession {
    const auth = this.store.get(STORAGE_KEYS.adminAuth);
    const email = this.store.get(STORAGE_KEYS.adminEmail);
    if (auth !== ADMIN_AUTH_VALUE || !email) return SIGNED_OUT;
    // Another tab signing in as the same admin keeps our user object (and its id) as it is.
    if (this.session.user?.email === email) return this.session;
    return { user: this.newUser(email) };
  }

  private onStoreChange(change: StorageChange): void {
    const relevant =
      change.key === null || change.key === STORAGE_KEYS.adminAuth || change.key === STORAGE_KEYS.adminEmail;
    if (relevant) this.setSession(this.readStoredSession());
  }

  private userOf(identity: AdminIdentity): AdminUser {
    if (identity.id === undefined) return this.newUser(identity.email);
    return makeTemporaryAdmin(identity.email, identity.id, identity.createdAt ?? new Date(this.clock.now()).toISOString());
  }

  private newUser(email: string): AdminUser {
    return makeTemporaryAdmin(email, this.ids.next(), new Date(this.clock.now()).toISOString());
  }

  private removeKeys(): void {
    for (const key of [STORAGE_KEYS.adminAuth, STORAGE_KEYS.adminEmail]) {
      try {
        this.store.remove(key);
      } catch (error) {
        this.logger.error(`Could not remove "${key}" from storage`, error);
      }
    }
  }

  private setSession(next: AdminSession): void {
    if (next === this.session) return;
    this.session = next;
    for (const listener of [...this.listeners]) listener();
  }
}
