import type { NewsletterSender } from '@/ports/newsletter-sender';
import { MESSAGES } from '../messages';
import { fail, ok, type Failure, type Success } from '../result';

/** What the back office's composer says of a field left empty. */
const NEWSLETTER_DRAFT_MESSAGES = {
  subjectRequired: 'Indiquez l’objet de la newsletter.',
  bodyRequired: 'Écrivez le message de la newsletter.',
} as const;

/** The newsletter as the owner typed it. */
export interface NewsletterDraft {
  subject: string;
  body: string;
}

type NewsletterField = keyof NewsletterDraft;

/** A refused newsletter: 'invalid-newsletter' with the message of each field to fill (the first one as the message). */
export type NewsletterDraftFailure = Failure & { fields: Partial<Record<NewsletterField, string>> };

/** The newsletter to send (its subject trimmed, its message as typed), or the fields to fill: a subject, a message. */
export function readNewsletter({ subject, body }: NewsletterDraft): Success<NewsletterDraft> | NewsletterDraftFailure {
  const fields: Partial<Record<NewsletterField, string>> = {};
  if (subject.trim() === '') fields.subject = NEWSLETTER_DRAFT_MESSAGES.subjectRequired;
  if (body.trim() === '') fields.body = NEWSLETTER_DRAFT_MESSAGES.bodyRequired;
  const first = fields.subject ?? fields.body;
  if (first !== undefined) return { ...fail('invalid-newsletter', first), fields };
  return ok({ subject: subject.trim(), body });
}

/**
 * « Envoyer à tous »: the newsletter is checked (readNewsletter: the composer asks it first, to
 * confirm only a newsletter that can go), then handed to the NewsletterSender port, which mails
 * every active subscriber. Answers how many were sent with the spec's sentence, or the port's
 * refusal (« Aucun abonné actif trouvé », a mail provider's failure, a backend's) as it is.
 */
export async function sendNewsletter(
  { sender }: { sender: NewsletterSender },
  draft: NewsletterDraft,
): Promise<(Success<{ count: number }> & { message: string }) | NewsletterDraftFailure | Failure> {
  const read = readNewsletter(draft);
  if (!read.ok) return read;
  const sent = await sender.sendToAll(read.value.subject, read.value.body);
  if (!sent.ok) return sent;
  return { ok: true, value: sent.value, message: sent.message ?? MESSAGES.sentToAll(sent.value.count) };
}
