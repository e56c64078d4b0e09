import { corsHeaders } from '../_shared/cors.ts';
import { json } from '../_shared/http.ts';
import { type ActiveSubscriber, newsletterMail, readNewsletterRequest } from './mail.ts';
import type { Log, Mailer } from '../_shared/mailers.ts';
import { MESSAGES } from './messages.ts';

/** Who the caller's JWT belongs to, as Supabase Auth says (never decoded here without it). */
export type Caller = 'admin' | 'not-admin' | 'invalid';

export interface Backend {
  /** Rejects when Supabase Auth cannot answer (network, 5xx). */
  identify(jwt: string): Promise<Caller>;
  /** Read with the service role; rejects on any PostgREST error. */
  activeSubscribers(): Promise<ActiveSubscriber[]>;
}

export interface Services {
  backend: Backend;
  mailer: Mailer;
  siteUrl: string;
  log: Log;
}

const failure = (status: number, error: string, extra: Record<string, unknown> = {}) => json(status, { ...extra, error });

function bearer(request: Request): string | null {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.get('Authorization') ?? '');
  return match?.[1] ?? null;
}

/**
 * POST { subject, body } with an admin's JWT → 200 { count, message }, one mail per active
 * subscriber. Refusals: 401 no or invalid JWT, 403 not an admin, 400 bad body, 405 not POST,
 * 404 { count: 0, error } when nobody is subscribed, 502 when the backend or the mail provider
 * fails (with how many mails went), 500 when the function is misconfigured. Every error is
 * { error: <French sentence> }.
 */
export function createHandler(services: Services | { problems: string[]; log: Log }): (request: Request) => Promise<Response> {
  return async (request) => {
    // The browser's preflight for functions.invoke (Authorization, apikey, x-client-info headers).
    if (request.method === 'OPTIONS') return new Response('ok', { headers: corsHeaders });
    if (request.method !== 'POST') return failure(405, MESSAGES.postOnly);
    if ('problems' in services) {
      services.log(`[send-newsletter] misconfigured: ${services.problems.join('; ')}`);
      return failure(500, MESSAGES.misconfigured);
    }
    const { backend, mailer, siteUrl, log } = services;

    const jwt = bearer(request);
    if (!jwt) return failure(401, MESSAGES.signInRequired);
    let caller: Caller;
    try {
      caller = await backend.identify(jwt);
    } catch (error) {
      log(`[send-newsletter] Supabase Auth unavailable: ${String(error)}`);
      return failure(502, MESSAGES.backendUnavailable);
    }
    if (caller === 'invalid') return failure(401, MESSAGES.sessionInvalid);
    if (caller === 'not-admin') return failure(403, MESSAGES.adminsOnly);

    let payload: unknown;
    try {
      payload = await request.json();
    } catch {
      return failure(400, MESSAGES.badJson);
    }
    const newsletter = readNewsletterRequest(payload);
    if ('error' in newsletter) return failure(400, newsletter.error);

    let subscribers: ActiveSubscriber[];
    try {
      subscribers = await backend.activeSubscribers();
    } catch (error) {
      log(`[send-newsletter] reading newsletter_subscribers failed: ${String(error)}`);
      return failure(502, MESSAGES.backendUnavailable);
    }
    if (subscribers.length === 0) return failure(404, MESSAGES.noActiveSubscribers, { count: 0 });

    const mails = subscribers.map((s) => newsletterMail(s, newsletter.subject, newsletter.body, siteUrl));
    const sent = await mailer.sendAll(mails);
    if (sent === mails.length) return json(200, { count: sent, message: MESSAGES.sentToAll(sent) });
    const error = sent === 0 ? MESSAGES.mailFailed : MESSAGES.mailPartlyFailed(sent, mails.length);
    return failure(502, error, { count: sent, total: mails.length });
  };
}
