import type { TestCluster } from '../../../scripts/db/test-cluster.mjs';
import { unsubscribeUrl } from '@/domain/newsletter/newsletter-mails';
import type { FunctionHandler } from './fake-supabase';

/** The shop's public address in the stand-ins' mails (the real functions' SITE_URL). */
export const STAND_IN_SITE_URL = 'https://boutique.example';

export interface OutgoingMail {
  to: string;
  subject: string;
  body: string;
}

/**
 * A stand-in for the send-newsletter edge function (the real one runs in Deno in its own
 * suite), keeping the contract the adapter relies on: only an admin's JWT (app_metadata.role);
 * the active subscribers read with the service role; one mail each with its own unsubscribe
 * link; the answers of supabase/functions/send-newsletter/handler.ts: 200 { count, message },
 * 404 { count: 0, error: 'Aucun abonné actif trouvé' }, 502 { error, count, total } when the
 * mail provider refused some mails (here: those to `refuseMailTo`).
 */
export function sendNewsletterStandIn(cluster: () => TestCluster, outbox: OutgoingMail[], options: { refuseMailTo?: Set<string> } = {}): FunctionHandler {
  return async ({ claims, body }) => {
    // Supabase Auth knows no user behind the anon key: the function answers 401, as for a bad token.
    if (claims.role !== 'authenticated' || !claims.sub) {
      return { status: 401, body: { error: 'Session invalide ou expirée\u00a0: reconnectez-vous.' } };
    }
    const role = (claims.app_metadata as { role?: string } | undefined)?.role;
    if (role !== 'admin') {
      return { status: 403, body: { error: 'Accès réservé aux administrateurs' } };
    }
    const { subject, body: text } = body as { subject: string; body: string };
    const active = await cluster().query<{ email: string; unsubscribe_token: string }>(
      'select email, unsubscribe_token from public.newsletter_subscribers where is_active order by email',
      [],
      { role: 'service_role' },
    );
    if (active.length === 0) return { status: 404, body: { count: 0, error: 'Aucun abonné actif trouvé' } };
    if (options.refuseMailTo) {
      const refused = active.filter((s) => options.refuseMailTo!.has(s.email)).length;
      if (refused > 0) return { status: 502, body: { error: 'Mail provider refused', count: active.length - refused, total: active.length } };
    }
    for (const s of active) outbox.push({ to: s.email, subject, body: `${text}\n\n--\n${unsubscribeUrl(STAND_IN_SITE_URL, s.unsubscribe_token)}` });
    return { status: 200, body: { count: active.length, message: `Newsletter envoyée avec succès à ${active.length} abonné(s)` } };
  };
}
