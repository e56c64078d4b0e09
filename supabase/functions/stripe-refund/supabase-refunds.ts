import { createClient } from 'npm:@supabase/supabase-js@2.109.0';
import type { OwedRefund, Refunds } from './handler.ts';

/** claim_payment_refunds and settle_payment_refund through PostgREST, with the service role (granted to it alone). */
export function supabaseRefunds(supabaseUrl: string, serviceRoleKey: string): Refunds {
  const client = createClient(supabaseUrl, serviceRoleKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  });
  return {
    async claim(max) {
      const { data, error, status } = await client.rpc('claim_payment_refunds', { max_rows: max });
      if (error) throw new Error(`${status} ${error.code}: ${error.message}`);
      return data as OwedRefund[];
    },
    async settle(id, providerRefundId) {
      const { error, status } = await client.rpc('settle_payment_refund', { refund: id, provider_refund_id: providerRefundId });
      if (error) throw new Error(`${status} ${error.code}: ${error.message}`);
    },
  };
}
