import type { NewsletterSubscribers } from '@/ports/newsletter-subscribers';
import { MESSAGES } from '../messages';
import { fail, type Result } from '../result';

/**
 * The unsubscribe link of a mail (spec §5): a link without a token is refused here
 * (`invalid-token`, the spec's message), before anything is asked; any other token goes to the
 * subscribers' port, whose answer (a code and the spec's message) is the answer.
 */
export async function unsubscribeFromNewsletter({ subscribers }: { subscribers: NewsletterSubscribers }, token: string): Promise<Result> {
  const trimmed = token.trim();
  if (trimmed === '') return fail('invalid-token', MESSAGES.invalidUnsubscribeToken);
  return subscribers.unsubscribe(trimmed);
}
