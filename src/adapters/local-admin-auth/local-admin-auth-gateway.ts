import { MESSAGES } from '@/domain/messages';
import { fail, ok, type Result } from '@/domain/result';
import { ADMIN_AUTH_VALUE, STORAGE_KEYS } from '@/domain/storage-keys';
import type { AdminAuthGateway, AdminIdentity } from '@/ports/admin-auth-gateway';
import type { KeyValueStore, StorageChange } from '@/ports/key-value-store';
import type { Logger } from '@/ports/logger';

/**
 * Checks a pair against the configured admin: the admin's email as configured when it matches,
 * null when it does not (or cannot be checked). Pbkdf2PasswordCheck is the shop's; it hashes, so
 * the composition root may hand over one whose code loads with the first sign-in.
 */
export interface AdminPasswordCheck {
  /** The admin's email when the pair is the configured one, null when it is not; fails only when it cannot check ('network': its code could not be loaded). */
  verify(email: string, password: string): Promise<Result<string | null>>;
}

const ADMIN_KEYS = [STORAGE_KEYS.adminAuth, STORAGE_KEYS.adminEmail] as const;

/**
 * The spec's local admin session (§4–§6): signed in when the configured pair matches, and
 * remembered in two storage entries shared by every tab, temp_admin_auth = authenticated and
 * temp_admin_email. Both entries must be right: a lone flag or a wrong value is not a session.
 * This module reads those entries only: the password check is handed in (and may load later).
 */
export class LocalAdminAuthGateway implements AdminAuthGateway {
  /** Signed in on this page although storage refused to remember it; dropped when storage changes. */
  private pageOnly: AdminIdentity | null = null;

  constructor(
    private readonly store: KeyValueStore,
    private readonly passwords: AdminPasswordCheck,
    private readonly logger: Logger,
  ) {}

  async authenticate(email: string, password: string): Promise<Result<AdminIdentity>> {
    const checked = await this.passwords.verify(email, password);
    if (!checked.ok) {
      // The check's code could not be loaded (offline before the service worker had it).
      this.logger.error('The admin password could not be checked', checked.error);
      return checked;
    }
    const accepted = checked.value;
    if (accepted === null) return fail('wrong-credentials', MESSAGES.wrongCredentials);

    const identity: AdminIdentity = { email: accepted };
    const emailKept = this.store.set(STORAGE_KEYS.adminEmail, accepted);
    const written = emailKept.ok ? this.store.set(STORAGE_KEYS.adminAuth, ADMIN_AUTH_VALUE) : emailKept;
    if (!written.ok) {
      this.logger.error('Could not remember the admin session', written.error);
      this.removeKeys();
      // Still signed in on this page: only remembering it across reloads failed.
      this.pageOnly = identity;
      return ok(identity, MESSAGES.storageWriteFailed('session'));
    }
    this.pageOnly = null;
    return ok(identity);
  }

  async currentSession(): Promise<Result<AdminIdentity | null>> {
    return ok(this.pageOnly ?? this.readStored());
  }

  async signOut(): Promise<Result> {
    this.pageOnly = null;
    this.removeKeys();
    return ok();
  }

  /** Another tab signing in or out (or clearing storage): what the two entries say now. */
  onSessionChange(listener: (identity: AdminIdentity | null) => void): () => void {
    return this.store.subscribe((change: StorageChange) => {
      if (change.key !== null && !(ADMIN_KEYS as readonly string[]).includes(change.key)) return;
      this.pageOnly = null;
      listener(this.readStored());
    });
  }

  private readStored(): AdminIdentity | null {
    const auth = this.store.get(STORAGE_KEYS.adminAuth);
    const email = this.store.get(STORAGE_KEYS.adminEmail);
    if (auth === ADMIN_AUTH_VALUE && email) return { email };
    // Signed out, as the shop leaves it: no auth key (an email alone is a sign-in half written by
    // another tab). Any other value was not written by the shop.
    if (auth !== null)
      this.logger.warn(`Ignoring an unreadable owner session in "${STORAGE_KEYS.adminAuth}"/"${STORAGE_KEYS.adminEmail}": signed out`, { auth, email });
    return null;
  }

  private removeKeys(): void {
    for (const key of ADMIN_KEYS) {
      try {
        this.store.remove(key);
      } catch (error) {
        this.logger.error(`Could not remove "${key}" from storage`, error);
      }
    }
  }
}
