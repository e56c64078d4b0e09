import { createClient } from 'npm:@supabase/supabase-js@2.109.0';
import type { Backend } from './handler.ts';

/** Rows asked per request: PostgREST's max_rows on the project. */
const PAGE_ROWS = 1000;

interface SubscriberRow {
  email: string;
  unsubscribe_token: string;
}

/**
 * One supabase-js client with the service role key: Supabase Auth tells who the caller's JWT
 * belongs to (GET /auth/v1/user, so a revoked or expired session is refused), and PostgREST
 * reads the subscribers past row-level security. Admin = app_metadata.role, which only the
 * service role or SQL can set (user_metadata is writable by the user, so never trusted).
 */
export function supabaseBackend(supabaseUrl: string, serviceRoleKey: string): Backend {
  const client = createClient(supabaseUrl, serviceRoleKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  });
  return {
    async identify(jwt) {
      const { data, error } = await client.auth.getUser(jwt);
      if (error) {
        // 4xx: Auth refused the token (bad signature, expired, anon key without sub, user gone).
        if (typeof error.status === 'number' && error.status >= 400 && error.status < 500) return 'invalid';
        throw error;
      }
      return data.user?.app_metadata?.role === 'admin' ? 'admin' : 'not-admin';
    },
    // Page after page: PostgREST answers at most max_rows rows a request (1,000 on the project,
    // supabase/config.toml), so one read would leave every later subscriber without the mail.
    // One total order (subscribed_at, then the unique email); the first empty page ends it.
    async activeSubscribers() {
      const rows: SubscriberRow[] = [];
      for (;;) {
        const { data, error } = await client
          .from('newsletter_subscribers')
          .select('email,unsubscribe_token')
          .eq('is_active', true)
          .order('subscribed_at')
          .order('email')
          .range(rows.length, rows.length + PAGE_ROWS - 1);
        if (error) throw new Error(`${error.code}: ${error.message}`);
        if (!data || data.length === 0) break;
        rows.push(...(data as SubscriberRow[]));
      }
      return rows.map((row) => ({ email: row.email, unsubscribeToken: row.unsubscribe_token }));
    },
  };
}
