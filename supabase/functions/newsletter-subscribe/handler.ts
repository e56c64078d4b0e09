import { corsHeaders } from '../_shared/cors.ts';
import { json } from '../_shared/http.ts';
import type { Log, Mailer } from '../_shared/mailers.ts';
import { confirmationMail, type NewSubscriber } from './confirmation-mail.ts';
import { MESSAGES } from './messages.ts';

/** What public.newsletter_subscribe answers (supabase/migrations, spec §5 / §8). */
export interface SubscribeAnswer {
  ok: boolean;
  code: string;
  message: string;
}

/** PostgREST refused the caller's JWT (expired, not the project's): the visitor's session, not the service. */
export class CallerRefused extends Error {}

export interface Backend {
  /** public.newsletter_subscribe(email) as the caller; CallerRefused on 401, rejects on any other failure. */
  subscribe(email: string, authorization: string | null): Promise<SubscribeAnswer>;
  /** The subscriber's row, read with the service role (the visitor never sees its token). */
  subscriber(address: string): Promise<(NewSubscriber & { id: string }) | null>;
  /** confirmation_sent = true, with the service role. */
  markConfirmationSent(id: string): Promise<void>;
}

export interface Services {
  backend: Backend;
  mailer: Mailer;
  siteUrl: string;
  log: Log;
}

const failure = (status: number, code: string, message: string) => json(status, { ok: false, code, message });

function isAnswer(value: unknown): value is SubscribeAnswer {
  const answer = value as Partial<SubscribeAnswer> | null;
  return typeof answer?.ok === 'boolean' && typeof answer.code === 'string' && typeof answer.message === 'string';
}

/**
 * The address as newsletter_subscribe stores it: the blanks trim() removes trimmed (the SQL
 * function names the same ones, U+2003 among them), lower case. Only used to find the row the
 * SQL function has just written; the function decides.
 */
export function storedAddress(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * POST { email } (a visitor: the anon key, or a signed-in user's JWT) →
 *   200 { ok, code, message }: newsletter_subscribe's answer as it is, refusals included
 *       (already-subscribed, invalid-email are answers, not failures: as PostgREST's RPC gives them);
 *       after subscribed / resubscribed the confirmation mail has gone and confirmation_sent is true.
 *   502 { ok: false, code: 'mail-failed', message }: the subscription is recorded (a retry would say
 *       « déjà inscrite »), but the mail provider refused the confirmation; confirmation_sent stays false.
 *   401 session-invalid (PostgREST refused the caller's JWT), 400 bad-request, 405 not POST,
 *   502 backend-unavailable, 500 misconfigured. Every message is French.
 */
export function createHandler(services: Services | { problems: string[]; log: Log }): (request: Request) => Promise<Response> {
  return async (request) => {
    if (request.method === 'OPTIONS') return new Response('ok', { headers: corsHeaders });
    if (request.method !== 'POST') return failure(405, 'method-not-allowed', MESSAGES.postOnly);
    if ('problems' in services) {
      services.log(`[newsletter-subscribe] misconfigured: ${services.problems.join('; ')}`);
      return failure(500, 'misconfigured', MESSAGES.misconfigured);
    }
    const { backend, mailer, siteUrl, log } = services;

    let payload: unknown;
    try {
      payload = await request.json();
    } catch {
      return failure(400, 'bad-request', MESSAGES.badJson);
    }
    const email = (payload as { email?: unknown } | null)?.email;
    if (typeof payload !== 'object' || payload === null || Array.isArray(payload) || typeof email !== 'string') {
      return failure(400, 'bad-request', MESSAGES.badJson);
    }

    // The SQL function alone decides between the four transitions and words the answer.
    let answer: SubscribeAnswer;
    try {
      const answered = await backend.subscribe(email, request.headers.get('Authorization'));
      if (!isAnswer(answered)) throw new Error(`unexpected answer ${JSON.stringify(answered)}`);
      answer = answered;
    } catch (error) {
      if (error instanceof CallerRefused) return failure(401, 'session-invalid', MESSAGES.sessionInvalid);
      log(`[newsletter-subscribe] newsletter_subscribe failed: ${String(error)}`);
      return failure(502, 'backend-unavailable', MESSAGES.backendUnavailable);
    }
    const echo = json(200, { ok: answer.ok, code: answer.code, message: answer.message });
    if (!answer.ok || (answer.code !== 'subscribed' && answer.code !== 'resubscribed')) return echo;

    const mailFailed = () => failure(502, 'mail-failed', MESSAGES.confirmationMailFailed);
    let subscriber: (NewSubscriber & { id: string }) | null;
    try {
      subscriber = await backend.subscriber(storedAddress(email));
    } catch (error) {
      log(`[newsletter-subscribe] reading the new subscriber failed: ${String(error)}`);
      return mailFailed();
    }
    if (!subscriber) {
      log(`[newsletter-subscribe] no row for ${JSON.stringify(storedAddress(email))} after ${answer.code}`);
      return mailFailed();
    }
    const sent = await mailer.sendAll([confirmationMail(subscriber, answer.code === 'resubscribed', siteUrl)]);
    if (sent !== 1) return mailFailed();
    try {
      await backend.markConfirmationSent(subscriber.id);
    } catch (error) {
      // The mail has gone: the visitor is told so; only the admin's « confirmation envoyée » column lags.
      log(`[newsletter-subscribe] setting confirmation_sent failed for ${subscriber.email}: ${String(error)}`);
    }
    return echo;
  };
}
