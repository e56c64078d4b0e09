import type { Session, SupabaseClient, User } from '@supabase/supabase-js';
import { MESSAGES } from '@/domain/messages';
import { fail, ok, type Failure, type Result } from '@/domain/result';
import type { AdminAuthGateway, AdminIdentity } from '@/ports/admin-auth-gateway';
import type { Logger } from '@/ports/logger';
import { backendError } from './supabase-errors';

// GoTrue's codes for a pair it does not accept: a wrong pair, not a failure.
const WRONG_PAIR = new Set(['invalid_credentials', 'email_not_confirmed', 'user_not_found', 'validation_failed']);

/** Admin = `app_metadata.role` 'admin' (set by the service role; `user_metadata` is the user's own to change). */
function identityOf(user: User): AdminIdentity {
  return {
    email: user.email ?? '',
    isAdmin: user.app_metadata?.role === 'admin',
    id: user.id,
    createdAt: user.created_at,
  };
}

/**
 * Who is signed in for the back office: nobody when the session is a shopper's anonymous one
 * (SupabaseOrderRepository signs shoppers in anonymously before their first order). The client
 * holds one session: the owner's sign-in replaces the anonymous one, their sign-out ends it.
 */
function signedIn(session: Session | null): AdminIdentity | null {
  return session && !session.user.is_anonymous ? identityOf(session.user) : null;
}

/**
 * Admin sign-in through Supabase auth (GoTrue). supabase-js keeps the session in the browser's
 * storage and restores (and refreshes) it on reload; the domain asks `currentSession` at start.
 * Every answer is a Result: supabase-js's failures are logged in its words and answered in French.
 */
export class SupabaseAdminAuthGateway implements AdminAuthGateway {
  constructor(
    private readonly client: SupabaseClient,
    private readonly logger: Logger,
  ) {}

  async authenticate(email: string, password: string): Promise<Result<AdminIdentity>> {
    try {
      const { data, error } = await this.client.auth.signInWithPassword({ email, password });
      if (error) {
        if (error.status === 400 && WRONG_PAIR.has(error.code ?? '')) return fail('wrong-credentials', MESSAGES.wrongCredentials);
        return this.failure('admin sign-in', error);
      }
      return ok(identityOf(data.user));
    } catch (error) {
      return this.failure('admin sign-in', error);
    }
  }

  async currentSession(): Promise<Result<AdminIdentity | null>> {
    try {
      const { data, error } = await this.client.auth.getSession();
      if (error) return this.failure('restoring the admin session', error);
      return ok(signedIn(data.session));
    } catch (error) {
      return this.failure('restoring the admin session', error);
    }
  }

  onSessionChange(listener: (identity: AdminIdentity | null) => void): () => void {
    // supabase-js tells every change, this tab's and (through a BroadcastChannel) the others'.
    // The callback must not call supabase-js back: it only hands the identity over.
    const { data } = this.client.auth.onAuthStateChange((_event, session) => {
      listener(signedIn(session));
    });
    return () => data.subscription.unsubscribe();
  }

  async signOut(): Promise<Result> {
    try {
      const { error } = await this.client.auth.signOut();
      if (error) return this.failure('admin sign-out', error);
      return ok();
    } catch (error) {
      return this.failure('admin sign-out', error);
    }
  }

  private failure(what: string, error: unknown): Failure {
    const problem = backendError(this.logger, what, error);
    return fail(problem.code, problem.message);
  }
}
