import type { TestCluster } from '../../../scripts/db/test-cluster.mjs';
import { confirmationMail } from '@/domain/newsletter/newsletter-mails';
import type { FunctionHandler } from './fake-supabase';
import { STAND_IN_SITE_URL, type OutgoingMail } from './send-newsletter-stand-in';

const CONFIRMATION_FAILED = 'Votre inscription est bien enregistrée, mais l’email de confirmation n’a pas pu être envoyé.';

/**
 * A stand-in for the newsletter-subscribe edge function (the real one runs in Deno in
 * tests/functions), keeping the contract the adapter relies on: the real SQL function
 * newsletter_subscribe runs under the role and claims of the request's JWT (as an RPC would);
 * its answer comes back as it is (200); after subscribed / resubscribed one confirmation mail
 * with the subscriber's unsubscribe link goes to `outbox` and confirmation_sent becomes true
 * (service role); a mail to `refuseMailTo` fails: 502 { ok: false, code: 'mail-failed', message }.
 */
export function newsletterSubscribeStandIn(cluster: () => TestCluster, outbox: OutgoingMail[], options: { refuseMailTo?: Set<string> } = {}): FunctionHandler {
  return async ({ claims, body }) => {
    const email = (body as { email?: unknown } | null)?.email;
    if (typeof email !== 'string') return { status: 400, body: { ok: false, code: 'bad-request', message: 'Requête invalide' } };
    const [row] = await cluster().query<{ answer: { ok: boolean; code: string; message: string } }>(
      'select public.newsletter_subscribe(email => $1) as answer',
      [email],
      { role: claims.role, claims },
    );
    const answer = row!.answer;
    if (answer.code !== 'subscribed' && answer.code !== 'resubscribed') return { status: 200, body: answer };
    const [subscriber] = await cluster().query<{ id: string; email: string; subscribed_at: Date; unsubscribe_token: string }>(
      'select id, email, subscribed_at, unsubscribe_token from public.newsletter_subscribers where email = lower(trim($1))',
      [email],
      { role: 'service_role' },
    );
    if (options.refuseMailTo?.has(subscriber!.email)) {
      return { status: 502, body: { ok: false, code: 'mail-failed', message: CONFIRMATION_FAILED } };
    }
    const mail = confirmationMail(
      {
        id: subscriber!.id,
        email: subscriber!.email,
        subscribedAt: subscriber!.subscribed_at.toISOString(),
        isActive: true,
        confirmationSent: false,
        unsubscribeToken: subscriber!.unsubscribe_token,
      },
      answer.code === 'resubscribed',
      STAND_IN_SITE_URL,
    );
    outbox.push({ to: mail.to, subject: mail.subject, body: mail.body });
    await cluster().query('update public.newsletter_subscribers set confirmation_sent = true where id = $1', [subscriber!.id], {
      role: 'service_role',
    });
    return { status: 200, body: answer };
  };
}
