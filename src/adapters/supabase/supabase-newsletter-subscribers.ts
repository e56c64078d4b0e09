import type { SupabaseClient } from '@supabase/supabase-js';
import { MESSAGES } from '@/domain/messages';
import type { Subscriber } from '@/domain/newsletter/subscriber';
import { fail, ok, type Result } from '@/domain/result';
import type { Logger } from '@/ports/logger';
import type { NewsletterSubscribers } from '@/ports/newsletter-subscribers';
import { readAllPages } from './all-pages';
import { backendError, functionErrorBody } from './supabase-errors';

/** What newsletter_subscribe / newsletter_unsubscribe answer (supabase/migrations), and newsletter-subscribe passes on. */
interface FunctionAnswer {
  ok: boolean;
  code: string;
  message: string;
}

interface SubscriberRow {
  id: string;
  email: string;
  subscribed_at: string;
  is_active: boolean;
  confirmation_sent: boolean;
}

// The answers' codes, each with the domain's own wording of the spec's message (§5, §8): the
// shopper reads the same bytes whichever backend answered.
const SUCCESS: Record<string, string> = {
  subscribed: MESSAGES.subscribed,
  resubscribed: MESSAGES.resubscribed,
  unsubscribed: MESSAGES.unsubscribed,
  'already-unsubscribed': MESSAGES.alreadyUnsubscribed,
};
const REFUSAL = {
  'already-subscribed': MESSAGES.alreadySubscribed,
  'invalid-email': MESSAGES.invalidEmail,
  'invalid-token': MESSAGES.invalidUnsubscribeToken,
} as const;

function isAnswer(value: unknown): value is FunctionAnswer {
  const answer = value as Partial<FunctionAnswer> | null;
  return typeof answer?.ok === 'boolean' && typeof answer.code === 'string' && typeof answer.message === 'string';
}

/**
 * The newsletter's subscribers in Supabase: visitors subscribe and unsubscribe only through the
 * two SQL functions (the rules of spec §4 run in the database, a visitor never reads the table),
 * subscribing by way of the newsletter-subscribe edge function, which also sends the confirmation;
 * the admin reads the table (row-level security lets only admins). Sending the newsletter is
 * SupabaseNewsletterSender's (the send-newsletter edge function).
 */
export class SupabaseNewsletterSubscribers implements NewsletterSubscribers {
  constructor(
    private readonly client: SupabaseClient,
    private readonly logger: Logger,
  ) {}

  /**
   * Through the newsletter-subscribe edge function, which calls newsletter_subscribe as this
   * visitor and answers its { ok, code, message } (200), after sending the confirmation mail that
   * « Un email de confirmation vous a été envoyé » promises; 502 { code: 'mail-failed' } when
   * the subscription is recorded but the mail could not be sent.
   */
  async subscribe(email: string): Promise<Result<undefined>> {
    const { data, error } = await this.client.functions.invoke<unknown>('newsletter-subscribe', { body: { email } });
    if (error) {
      const answer = await functionErrorBody(error);
      if (isAnswer(answer) && answer.code === 'mail-failed') {
        this.logger.error('Supabase: newsletter-subscribe could not send the confirmation mail', answer.message);
        return fail('mail-failed', MESSAGES.confirmationMailFailed);
      }
      return this.failure('newsletter-subscribe', error);
    }
    return this.answer('newsletter-subscribe', data);
  }

  async unsubscribe(token: string): Promise<Result<undefined>> {
    const { data, error, status } = await this.client.rpc('newsletter_unsubscribe', { token });
    if (error) return this.failure('newsletter_unsubscribe', error, status);
    return this.answer('newsletter_unsubscribe', data);
  }

  /** Every subscriber, in pages (readAllPages: PostgREST's max_rows would stop one read at 1,000). */
  async list(): Promise<Result<readonly Subscriber[]>> {
    const read = await readAllPages<SubscriberRow>((from, to) =>
      this.client
        .from('newsletter_subscribers')
        .select('id,email,subscribed_at,is_active,confirmation_sent', { count: 'exact' })
        .order('subscribed_at')
        .order('email')
        .range(from, to),
    );
    if ('error' in read) return this.failure('reading subscribers', read.error, read.status);
    const { rows } = read;
    return ok(
      rows.map((row) => ({
        id: row.id,
        email: row.email,
        subscribedAt: new Date(row.subscribed_at).toISOString(),
        isActive: row.is_active,
        confirmationSent: row.confirmation_sent,
        // Each subscriber's token stays in the database: only the edge function's mails carry it.
        unsubscribeToken: '',
      })),
    );
  }

  /** The SQL functions' answer (as such, or passed on by newsletter-subscribe) in the domain's words. */
  private answer(name: string, data: unknown): Result<undefined> {
    if (!isAnswer(data)) return this.failure(`${name} (unexpected answer)`, new Error(JSON.stringify(data)));
    if (data.ok && data.code in SUCCESS) return ok(undefined, SUCCESS[data.code]);
    if (!data.ok && data.code in REFUSAL) {
      const code = data.code as keyof typeof REFUSAL;
      return fail(code, REFUSAL[code]);
    }
    return this.failure(`${name} (unknown code ${data.code})`, new Error(data.message));
  }

  private failure(what: string, error: unknown, status?: number): Result<never> {
    const problem = backendError(this.logger, what, error, status);
    return fail(problem.code, problem.message);
  }
}
