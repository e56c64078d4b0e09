// What every mail of the shop's functions is made of (send-newsletter, newsletter-subscribe).

/** One mail, ready for any provider: plain text, HTML and the recipient's unsubscribe link. */
export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The recipient's unsubscribe link (the newsletter's mails); none for an order's acknowledgement. */
  unsubscribeUrl?: string;
}

export const UNSUBSCRIBE_PATH = '/newsletter/desinscription';

/**
 * The shop's page that unsubscribes this token; SITE_URL may carry a base path. The local shop
 * builds the very same link from VITE_SITE_URL (src/domain/newsletter/newsletter-mails.ts): give
 * both the same value. tests/functions compares the two mails byte for byte.
 */
export function unsubscribeUrl(siteUrl: string, token: string): string {
  return `${siteUrl.replace(/\/+$/, '')}${UNSUBSCRIBE_PATH}?token=${encodeURIComponent(token)}`;
}

export function escapeHtml(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;').replaceAll("'", '&#39;');
}

/** Blank-line separated blocks as <p>, single line breaks as <br>, every character escaped. */
export function paragraphs(text: string): string {
  return text
    .split(/\n{2,}/)
    .map((block) => `<p>${escapeHtml(block).replaceAll('\n', '<br>')}</p>`)
    .join('\n');
}
