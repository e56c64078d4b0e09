import { escapeHtml, type OutgoingMail, paragraphs, unsubscribeUrl } from '../_shared/mail.ts';
import { MESSAGES } from './messages.ts';

export type { OutgoingMail };

export interface ActiveSubscriber {
  email: string;
  unsubscribeToken: string;
}

/** The admin's text as written, then the recipient's own unsubscribe link (same footer as the local mailer's). */
export function newsletterMail(subscriber: ActiveSubscriber, subject: string, body: string, siteUrl: string): OutgoingMail {
  const url = unsubscribeUrl(siteUrl, subscriber.unsubscribeToken);
  const footer = MESSAGES.unsubscribeFooter(url);
  const link = `<a href="${escapeHtml(url)}">${escapeHtml(url)}</a>`;
  return {
    to: subscriber.email,
    subject,
    text: `${body}\n\n--\n${footer}`,
    html: `${paragraphs(body)}\n<hr>\n<p>${escapeHtml(MESSAGES.unsubscribeFooter(''))}${link}</p>`,
    unsubscribeUrl: url,
  };
}

/** Validates the request's JSON: both fields present and not blank. */
export function readNewsletterRequest(json: unknown): { subject: string; body: string } | { error: string } {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) return { error: MESSAGES.badJson };
  const { subject, body } = json as { subject?: unknown; body?: unknown };
  if (typeof subject !== 'string' || subject.trim() === '') return { error: MESSAGES.subjectRequired };
  if (typeof body !== 'string' || body.trim() === '') return { error: MESSAGES.bodyRequired };
  return { subject: subject.trim(), body };
}
