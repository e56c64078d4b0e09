import { createClient } from 'npm:@supabase/supabase-js@2.109.0';
import type { RecordedOutcome, Services } from './handler.ts';

/** record_payment_outcome through PostgREST, with the service role (granted to it alone). */
export function supabaseRecorder(supabaseUrl: string, serviceRoleKey: string): Services['record'] {
  const client = createClient(supabaseUrl, serviceRoleKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  });
  return async (event) => {
    const { data, error, status } = await client.rpc('record_payment_outcome', {
      event_id: event.eventId,
      event_type: event.eventType,
      session_id: event.sessionId,
      order_number: event.orderNumber,
      outcome: event.outcome,
      amount_cents: event.amountCents,
      payment_reference: event.paymentReference,
      card_last4: event.cardLast4,
    });
    if (error) throw new Error(`${status} ${error.code}: ${error.message}`);
    return data as RecordedOutcome;
  };
}
