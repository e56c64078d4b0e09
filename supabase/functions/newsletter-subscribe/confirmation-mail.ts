import { escapeHtml, type OutgoingMail, paragraphs, unsubscribeUrl } from '../_shared/mail.ts';

export interface NewSubscriber {
  email: string;
  unsubscribeToken: string;
}

/**
 * The welcome (or welcome back) mail, worded as the local shop's confirmationMail
 * (src/domain/newsletter/newsletter-mails.ts), with the subscriber's own absolute unsubscribe link.
 */
export function confirmationMail(subscriber: NewSubscriber, reactivated: boolean, siteUrl: string): OutgoingMail {
  const url = unsubscribeUrl(siteUrl, subscriber.unsubscribeToken);
  const opening = reactivated ? 'Votre inscription à notre newsletter est de nouveau active.' : 'Merci de votre inscription à notre newsletter.';
  const body = ['Bonjour,', '', `${opening} Vous recevrez nos nouveautés et nos offres à l’adresse ${subscriber.email}.`].join('\n');
  const footer = 'Pour vous désinscrire\u00a0: ';
  return {
    to: subscriber.email,
    subject: reactivated ? 'Votre inscription à la newsletter est réactivée' : 'Bienvenue dans notre newsletter',
    text: `${body}\n\n${footer}${url}`,
    html: `${paragraphs(body)}\n<p>${escapeHtml(footer)}<a href="${escapeHtml(url)}">${escapeHtml(url)}</a></p>`,
    unsubscribeUrl: url,
  };
}
