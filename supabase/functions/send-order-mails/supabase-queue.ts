import { createClient } from 'npm:@supabase/supabase-js@2.109.0';
import type { MailQueue, QueuedMail } from './handler.ts';

/** order_mails_claim and order_mails_settle through PostgREST, with the service role (granted to it alone). */
export function supabaseMailQueue(supabaseUrl: string, serviceRoleKey: string): MailQueue {
  const client = createClient(supabaseUrl, serviceRoleKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  });
  return {
    async claim(max) {
      const { data, error, status } = await client.rpc('order_mails_claim', { max_rows: max });
      if (error) throw new Error(`${status} ${error.code}: ${error.message}`);
      return data as QueuedMail[];
    },
    async settle(sent, failed) {
      const { error, status } = await client.rpc('order_mails_settle', { sent, failed });
      if (error) throw new Error(`${status} ${error.code}: ${error.message}`);
    },
  };
}
