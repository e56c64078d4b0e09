import { createClient } from 'npm:@supabase/supabase-js@2.109.0';
import { type Backend, CallerRefused, Refused } from './handler.ts';
import type { WithdrawnOrder } from './acknowledgement-mail.ts';

const NO_SESSION = { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false };
/** The refusals withdraw_from_order words for the buyer (supabase/migrations/…_withdrawals.sql). */
const REFUSALS = new Set(['CM003', 'CM020', 'CM021']);

/**
 * withdraw_from_order runs as the caller (the anon key and the buyer's own Authorization), as the
 * browser's RPC would: the database decides whose order it is (its owner, or its secret), the
 * period and the lines. This function adds only the mail, which the browser cannot send.
 */
export function supabaseBackend(supabaseUrl: string, anonKey: string): Backend {
  return {
    async withdraw({ number, secret, lines }, authorization) {
      const asCaller = createClient(supabaseUrl, anonKey, {
        auth: NO_SESSION,
        ...(authorization ? { global: { headers: { Authorization: authorization } } } : {}),
      });
      const { data, error, status } = await asCaller.rpc('withdraw_from_order', { number, secret, lines });
      if (error) {
        if (REFUSALS.has(error.code)) throw new Refused(error.code, error.message);
        if (status === 401) throw new CallerRefused(`${error.code}: ${error.message}`);
        throw new Error(`${status} ${error.code}: ${error.message}`);
      }
      return data as WithdrawnOrder | null;
    },
  };
}
