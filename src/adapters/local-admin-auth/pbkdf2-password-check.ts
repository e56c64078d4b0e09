import { ok, type Result } from '@/domain/result';
import type { Logger } from '@/ports/logger';
import type { AdminPasswordCheck } from './local-admin-auth-gateway';
import { parsePasswordHash, verifyPassword, type PasswordHash } from './password-hash';

export interface LocalAdminConfig {
  email: string;
  /** `pbkdf2-sha256$<iterations>$<saltBase64>$<hashBase64>`, made by `npm run admin:hash`. */
  passwordHash: string;
}

/**
 * The spec's one fixed admin pair, without shipping the password: only its salted hash is in
 * the bundle. This guards nothing on a server (see the README). In a module of its own, so the
 * hashing loads with the first sign-in, not with a shopper's visit.
 */
export class Pbkdf2PasswordCheck implements AdminPasswordCheck {
  private readonly email: string;
  private readonly expected: PasswordHash | null;

  constructor(
    config: LocalAdminConfig,
    private readonly logger: Logger = console,
  ) {
    this.email = config.email.trim();
    const parsed = parsePasswordHash(config.passwordHash);
    if (!parsed.ok) {
      logger.error(`The admin password hash is malformed (${parsed.reason}): every admin sign-in will be refused. Make a new one with npm run admin:hash.`);
    }
    if (this.email === '') logger.error('No admin email is configured: every admin sign-in will be refused.');
    this.expected = parsed.ok && this.email !== '' ? parsed.value : null;
  }

  async verify(email: string, password: string): Promise<Result<string | null>> {
    if (!this.expected) return ok(null);
    let passwordMatches: boolean;
    try {
      // Derived even when the email is wrong, so the answer takes as long either way.
      passwordMatches = await verifyPassword(password, this.expected);
    } catch (error) {
      // crypto.subtle is missing outside secure contexts (a plain-HTTP address other than localhost).
      this.logger.error('Could not check the admin password (WebCrypto unavailable: is the shop served over HTTPS?)', error);
      return ok(null);
    }
    // The email comes trimmed (the signIn use case); an address is matched whatever its case.
    const emailMatches = email.toLowerCase() === this.email.toLowerCase();
    return ok(passwordMatches && emailMatches ? this.email : null);
  }
}
