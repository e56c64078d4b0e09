import { MESSAGES } from './messages.ts';

export interface ActiveSubscriber {
  email: string;
  unsubscribeToken: string;
}

/** One newsletter mail, ready for any provider: plain text, HTML and the unsubscribe link. */
export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  unsubscribeUrl: string;
}

export const UNSUBSCRIBE_PATH = '/newsletter/desinscription';

/** The shop's page that unsubscribes this token; SITE_URL may carry a base path. */
export function unsubscribeUrl(siteUrl: string, token: string): string {
  return `${siteUrl.replace(/\/+$/, '')}${UNSUBSCRIBE_PATH}?token=${encodeURIComponent(token)}`;
}

function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

function paragraphs(text: string): string {
  return text
    .split(/\n{2,}/)
    .map((block) => `<p>${escapeHtml(block).replaceAll('\n', '<br>')}</p>`)
    .join('\n');
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
