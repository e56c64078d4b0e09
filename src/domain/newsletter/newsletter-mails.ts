import type { Mail } from '@/ports/mailer';
import { paths } from '../site-paths';
import type { Subscriber } from './subscriber';

/**
 * The page that unsubscribes this token, absolute: a mail program has no « current address »
 * to resolve a relative link against. `siteUrl` is the shop's public address (VITE_SITE_URL,
 * or the address the page is served from), possibly with a base path. The edge functions build
 * the very same link from their SITE_URL (supabase/functions/_shared/mail.ts).
 */
export function unsubscribeUrl(siteUrl: string, token: string): string {
  return `${siteUrl.replace(/\/+$/, '')}${paths.unsubscribe}?token=${encodeURIComponent(token)}`;
}

function unsubscribeFooter(subscriber: Subscriber, siteUrl: string): string {
  return `Pour vous désinscrire\u00a0: ${unsubscribeUrl(siteUrl, subscriber.unsubscribeToken)}`;
}

export function confirmationMail(subscriber: Subscriber, reactivated: boolean, siteUrl: string): Mail {
  const opening = reactivated ? 'Votre inscription à notre newsletter est de nouveau active.' : 'Merci de votre inscription à notre newsletter.';
  return {
    to: subscriber.email,
    subject: reactivated ? 'Votre inscription à la newsletter est réactivée' : 'Bienvenue dans notre newsletter',
    body: [
      'Bonjour,',
      '',
      `${opening} Vous recevrez nos nouveautés et nos offres à l’adresse ${subscriber.email}.`,
      '',
      unsubscribeFooter(subscriber, siteUrl),
    ].join('\n'),
  };
}

/** Every newsletter carries its recipient's own unsubscribe link. */
export function newsletterMail(subscriber: Subscriber, subject: string, body: string, siteUrl: string): Mail {
  return { to: subscriber.email, subject, body: `${body}\n\n--\n${unsubscribeFooter(subscriber, siteUrl)}` };
}
