import type { Subscriber } from '@/domain/newsletter/subscriber';
import type { Result } from '@/domain/result';
import { token } from './token';

/**
 * Where the newsletter's subscribers live, and the three things done with them (sending the
 * newsletter is the NewsletterSender port's). Asynchronous and
 * answering with a Result, because a remote backend can fail: locally the rules run in the
 * domain (NewsletterService over browser storage); with Supabase they run in SQL
 * (newsletter_subscribe / newsletter_unsubscribe) and in the edge function newsletter-subscribe (the
 * confirmation mail).
 * Every answer carries the spec's message (§5, §8) in `message` or `error.message`.
 */
export interface NewsletterSubscribers {
  /** Spec §4: a new address is added, an inactive one reactivated, an active one refused. */
  subscribe(email: string): Promise<Result<undefined>>;
  /** Only an active subscriber's token works. */
  unsubscribe(token: string): Promise<Result<undefined>>;
  /** Every subscriber, active or not (the admin's view). */
  list(): Promise<Result<readonly Subscriber[]>>;
}

export const NEWSLETTER_SUBSCRIBERS = token<NewsletterSubscribers>('NewsletterSubscribers');
