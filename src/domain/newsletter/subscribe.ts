import type { NewsletterSubscribers } from '@/ports/newsletter-subscribers';
import { MESSAGES } from '../messages';
import { fail, type Result } from '../result';
import { isValidEmail, normalizeEmail } from './subscriber';

/**
 * The newsletter form's « S’inscrire » (spec §4, §5): an address that does not look like one is
 * refused here (`invalid-email`; a blank one is `missing-field`), before anything is asked; any other goes, trimmed and in lower
 * case, to the subscribers' port, whose answer (a code and the spec's message) is the answer.
 */
export async function subscribeToNewsletter({ subscribers }: { subscribers: NewsletterSubscribers }, input: string): Promise<Result> {
  const email = normalizeEmail(input);
  if (email === '') return fail('missing-field', MESSAGES.emailRequired);
  if (!isValidEmail(email)) return fail('invalid-email', MESSAGES.invalidEmail);
  return subscribers.subscribe(email);
}
