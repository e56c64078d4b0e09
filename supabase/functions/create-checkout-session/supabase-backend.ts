import { createClient } from 'npm:@supabase/supabase-js@2.109.0';
import { type Backend, CallerRefused, NotAwaitingPayment, type PayableOrder } from './handler.ts';

const NO_SESSION = { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false };

/**
 * payable_order runs as the caller (the anon key and the buyer's own Authorization), as the
 * browser's RPC would: the database decides whose order it is (its owner, or its secret).
 * record_payment_session runs with the service role, the only role that may call it.
 */
export function supabaseBackend(supabaseUrl: string, anonKey: string, serviceRoleKey: string): Backend {
  const asService = createClient(supabaseUrl, serviceRoleKey, { auth: NO_SESSION });
  return {
    async payableOrder(number, secret, authorization) {
      const asCaller = createClient(supabaseUrl, anonKey, {
        auth: NO_SESSION,
        ...(authorization ? { global: { headers: { Authorization: authorization } } } : {}),
      });
      const { data, error, status } = await asCaller.rpc('payable_order', { number, secret });
      if (error) {
        if (status === 401) throw new CallerRefused(`${error.code}: ${error.message}`);
        throw new Error(`${status} ${error.code}: ${error.message}`);
      }
      return data as PayableOrder | null;
    },
    async recordSession({ orderNumber, sessionId, url, amountCents, expiresAt }) {
      const { error, status } = await asService.rpc('record_payment_session', {
        order_number: orderNumber,
        session_id: sessionId,
        url,
        amount_cents: amountCents,
        expires_at: expiresAt.toISOString(),
      });
      if (error?.code === 'CM030') throw new NotAwaitingPayment(error.message);
      if (error) throw new Error(`${status} ${error.code}: ${error.message}`);
    },
  };
}
