import type { SupabaseClient } from '@supabase/supabase-js';
import { MESSAGES } from '@/domain/messages';
import { fail, ok, type Result } from '@/domain/result';
import type { Logger } from '@/ports/logger';
import type { NewsletterSender } from '@/ports/newsletter-sender';
import { backendError, functionErrorBody } from './supabase-errors';

/** What send-newsletter answers with an error status (supabase/functions/send-newsletter/handler.ts). */
interface RefusalBody {
  error?: unknown;
  count?: unknown;
  total?: unknown;
}

/**
 * The newsletter sent by the send-newsletter edge function, called with the signed-in admin's
 * session (supabase-js sends its access token): the function checks the admin's JWT, reads the
 * active subscribers with the service role and mails each with its own unsubscribe link. It
 * answers 200 { count, message }, 404 { count: 0, error: 'Aucun abonné actif trouvé' }, 502
 * { error, count, total } when the mail provider refused some mails, 401/403 for a caller who
 * is not a signed-in admin; each becomes the spec's message or a French one.
 */
export class SupabaseNewsletterSender implements NewsletterSender {
  constructor(
    private readonly client: SupabaseClient,
    private readonly logger: Logger,
  ) {}

  async sendToAll(subject: string, body: string): Promise<Result<{ count: number }>> {
    const { data, error } = await this.client.functions.invoke<unknown>('send-newsletter', { body: { subject, body } });
    if (error) {
      const answer = (await functionErrorBody(error)) as RefusalBody | null;
      if (answer?.error === MESSAGES.noActiveSubscribers) return fail('no-active-subscribers', MESSAGES.noActiveSubscribers);
      // The mail provider refused some or all mails: say how far it got, so nobody resends blindly.
      const { count: sent, total } = answer ?? {};
      if (typeof sent === 'number' && typeof total === 'number' && total > 0) {
        this.logger.error(`Supabase: send-newsletter sent ${sent} of ${total} mails`, answer?.error);
        return fail('mail-failed', sent === 0 ? MESSAGES.mailFailed : MESSAGES.mailPartlyFailed(sent, total));
      }
      return this.failure('send-newsletter', error);
    }
    const count = (data as { count?: unknown } | null)?.count;
    if (typeof count !== 'number' || !Number.isInteger(count) || count < 0) {
      return this.failure('send-newsletter (unexpected answer)', new Error(JSON.stringify(data)));
    }
    return ok({ count }, MESSAGES.sentToAll(count));
  }

  private failure(what: string, error: unknown): Result<never> {
    const problem = backendError(this.logger, what, error);
    return fail(problem.code, problem.message);
  }
}
