import { createClient } from 'npm:@supabase/supabase-js@2.109.0';
import { type Backend, CallerRefused, type SubscribeAnswer } from './handler.ts';

const NO_SESSION = { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false };

interface SubscriberRow {
  id: string;
  email: string;
  unsubscribe_token: string;
}

/**
 * newsletter_subscribe runs as the caller: PostgREST with the anon key and the visitor's own
 * Authorization, exactly the RPC a browser could make. Why not the service role: execute on the
 * function is granted to anon and authenticated only (the migration and its pgTAP permission
 * matrix), so the SQL function stays the one place the four transitions are decided, under the
 * same grants whether the visitor calls it directly or through here. The service role is used
 * only for what a visitor must never do: read the new subscriber's token, set confirmation_sent.
 */
export function supabaseBackend(supabaseUrl: string, anonKey: string, serviceRoleKey: string): Backend {
  const service = createClient(supabaseUrl, serviceRoleKey, { auth: NO_SESSION });
  return {
    async subscribe(email, authorization) {
      const asCaller = createClient(supabaseUrl, anonKey, {
        auth: NO_SESSION,
        ...(authorization ? { global: { headers: { Authorization: authorization } } } : {}),
      });
      const { data, error, status } = await asCaller.rpc('newsletter_subscribe', { email });
      if (error) {
        if (status === 401) throw new CallerRefused(`${error.code}: ${error.message}`);
        throw new Error(`${status} ${error.code}: ${error.message}`);
      }
      return data as SubscribeAnswer;
    },
    async subscriber(address) {
      const { data, error } = await service.from('newsletter_subscribers').select('id,email,unsubscribe_token').eq('email', address).maybeSingle();
      if (error) throw new Error(`${error.code}: ${error.message}`);
      const row = data as SubscriberRow | null;
      return row && { id: row.id, email: row.email, unsubscribeToken: row.unsubscribe_token };
    },
    async markConfirmationSent(id) {
      const { error } = await service.from('newsletter_subscribers').update({ confirmation_sent: true }).eq('id', id);
      if (error) throw new Error(`${error.code}: ${error.message}`);
    },
  };
}
