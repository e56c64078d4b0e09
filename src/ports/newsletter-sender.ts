import type { Result } from '@/domain/result';
import { token } from './token';

/**
 * Sends the newsletter: one mail to every active subscriber, each with its own unsubscribe
 * link (spec §5), answering how many were sent. The subject and message come checked
 * (sendNewsletter); the edge function checks them again on Supabase. Locally the domain mails each subscriber in turn
 * through the Mailer port (one mail at a time, simulated); with Supabase the edge function
 * send-newsletter reads the subscribers and sends every mail itself, since the browser never
 * sees a subscriber's unsubscribe token. So the unit of this port is the whole newsletter, not
 * one mail: it is the part of mailing that both backends can honour alike.
 *
 * Answers, with the spec's messages (§5, §8): `{ count }` and « Newsletter envoyée avec succès à
 * N abonné(s) »; 'no-active-subscribers' and « Aucun abonné actif trouvé »; 'mail-failed' with
 * how far the send got; a backend's refusal in French (not an admin, session expired, network).
 */
export interface NewsletterSender {
  sendToAll(subject: string, body: string): Promise<Result<{ count: number }>>;
}

export const NEWSLETTER_SENDER = token<NewsletterSender>('NewsletterSender');
