import type { Mail } from '../../ports/mailer';
import type { Subscriber } from './subscriber';

export const UNSUBSCRIBE_PATH = '/newsletter/desinscription';

/** Relative to the shop's origin, which only the UI knows; the mailer may make it absolute. */
export function unsubscribeLink(token: string): string {
  return `${UNSUBSCRIBE_PATH}?token=${encodeURIComponent(token)}`;
}

function unsubscribeFooter(subscriber: Subscriber): string {
  return `Pour vous désinscrire\u00a0: ${unsubscribeLink(subscriber.unsubscribeToken)}`;
}

export function confirmationMail(subscriber: Subscriber, reactivated: boolean): Mail {
  const opening = reactivated
    ? 'Votre inscription à notre newsletter est de nouveau active.'
    : 'Merci de votre inscription à notre newsletter.';
  return {
    to: subscriber.email,
    subject: reactivated ? 'Votre inscription à la newsletter est réactivée' : 'Bienvenue dans notre newsletter',
    body: [
      'Bonjour,',
      '',
      `${opening} Vous recevrez nos nouveautés et nos offres à l’adresse ${subscriber.email}.`,
      '',
      unsubscribeFooter(subscriber),
    ].join('\n'),
  };
}

/** Every newsletter carries its recipient's own unsubscribe link. */
export function newsletterMail(subscriber: Subscriber, subject: string, body: string): Mail {
  return { to: subscriber.email, subject, body: `${body}\n\n--\n${unsubscribeFooter(subscriber)}` };
}
