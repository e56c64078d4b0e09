import { corsHeaders } from '../_shared/cors.ts';
import { json } from '../_shared/http.ts';
import type { Log, Mailer } from '../_shared/mailers.ts';
import { acknowledgementMail, type WithdrawnOrder } from './acknowledgement-mail.ts';

/** What the caller may be told of a refusal by public.withdraw_from_order (its French message). */
export class Refused extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** PostgREST refused the caller's JWT. */
export class CallerRefused extends Error {}

export interface WithdrawRequest {
  number: string;
  secret: string | null;
  lines: unknown;
}

export interface Backend {
  /** public.withdraw_from_order as the caller: the order document, null for an order that is not the caller's; Refused / CallerRefused / rejects. */
  withdraw(request: WithdrawRequest, authorization: string | null): Promise<WithdrawnOrder | null>;
}

export interface Services {
  backend: Backend;
  mailer: Mailer;
  log: Log;
}

export const MESSAGES = {
  postOnly: 'Méthode non autorisée\u00a0: utilisez POST.',
  badJson: 'Requête invalide\u00a0: le corps doit être un objet JSON { number, secret, lines }.',
  notFound: 'Cette commande est introuvable. Vérifiez son numéro.',
  sessionInvalid: 'Session invalide ou expirée\u00a0: rechargez la page, puis réessayez.',
  misconfigured: 'Le service de rétractation est mal configuré. Prévenez l’administrateur technique.',
  backendUnavailable: 'Le service est momentanément indisponible. Réessayez dans quelques instants.',
} as const;

const failure = (status: number, code: string, message: string) => json(status, { ok: false, code, message });

/**
 * POST { number, secret, lines } (the buyer: the anon key with the order's secret, or the owner's JWT) →
 *   200 { ok: true, order, acknowledged }: the withdrawal is recorded (withdraw_from_order, as the
 *       caller: the database decides who, when and which lines) and the acknowledgement mailed to
 *       the order's address (`acknowledged: false` when the mail provider refused it);
 *   404 not-found (not the caller's order), 422 { code: CM020 | CM021 | CM003, message } (the
 *   database's refusal, its French message), 401 session-invalid, 400 bad-request, 405, 502, 500.
 */
export function createHandler(services: Services | { problems: string[]; log: Log }): (request: Request) => Promise<Response> {
  return async (request) => {
    if (request.method === 'OPTIONS') return new Response('ok', { headers: corsHeaders });
    if (request.method !== 'POST') return failure(405, 'method-not-allowed', MESSAGES.postOnly);
    if ('problems' in services) {
      services.log(`[withdraw-from-order] misconfigured: ${services.problems.join('; ')}`);
      return failure(500, 'misconfigured', MESSAGES.misconfigured);
    }
    const { backend, mailer, log } = services;
    let payload: Partial<WithdrawRequest> | null;
    try {
      payload = (await request.json()) as Partial<WithdrawRequest> | null;
    } catch {
      return failure(400, 'bad-request', MESSAGES.badJson);
    }
    if (typeof payload?.number !== 'string' || !(payload.secret === null || typeof payload.secret === 'string') || !Array.isArray(payload.lines)) {
      return failure(400, 'bad-request', MESSAGES.badJson);
    }
    let order: WithdrawnOrder | null;
    try {
      order = await backend.withdraw({ number: payload.number, secret: payload.secret, lines: payload.lines }, request.headers.get('Authorization'));
    } catch (error) {
      if (error instanceof Refused) return failure(422, error.code, error.message);
      if (error instanceof CallerRefused) return failure(401, 'session-invalid', MESSAGES.sessionInvalid);
      log(`[withdraw-from-order] withdraw_from_order failed: ${String(error)}`);
      return failure(502, 'backend-unavailable', MESSAGES.backendUnavailable);
    }
    // The one just recorded: the newest.
    const withdrawal = order?.withdrawals?.at(-1);
    if (!order || !withdrawal) return failure(404, 'not-found', MESSAGES.notFound);
    const sent = await mailer.sendAll([acknowledgementMail(order, withdrawal)]);
    return json(200, { ok: true, order, acknowledged: sent === 1 });
  };
}
