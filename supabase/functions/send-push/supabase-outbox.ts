import { createClient } from 'npm:@supabase/supabase-js@2.109.0';
import type { Outbox, QueuedPush } from './handler.ts';

/** push_claim and push_settle through PostgREST, with the service role (granted to it alone). */
export function supabaseOutbox(supabaseUrl: string, serviceRoleKey: string): Outbox {
  const client = createClient(supabaseUrl, serviceRoleKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  });
  return {
    async claim(max) {
      const { data, error, status } = await client.rpc('push_claim', { max_rows: max });
      if (error) throw new Error(`${status} ${error.code}: ${error.message}`);
      return data as QueuedPush[];
    },
    async settle(delivered, gone) {
      const { error, status } = await client.rpc('push_settle', { delivered, gone });
      if (error) throw new Error(`${status} ${error.code}: ${error.message}`);
    },
  };
}
