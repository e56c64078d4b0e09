import { serveJson } from './http';

export interface ResendEmail {
  from: string;
  to: string[];
  subject: string;
  text?: string;
  html?: string;
  headers?: Record<string, string>;
}

export interface FakeResend {
  origin: string;
  /** Every mail Resend accepted, in order (a repeat of an idempotent request is not accepted twice). */
  accepted: ResendEmail[];
  /** The Idempotency-Key of each request to POST /emails, in order, repeats included. */
  keys: string[];
  /** The next requests are answered 500 although Resend accepted their mail: an answer lost on the way (then it resets). */
  loseAnswers(count: number): void;
  /** Forgets every mail, key and refusal: a new test's Resend. */
  reset(): void;
  /** The next batches are refused with this status (then it resets). */
  refuseNext(count: number, status: number): void;
  stop(): Promise<void>;
}

/**
 * Resend's POST /emails as documented: bearer API key, JSON { from, to (a string or at most 50),
 * subject, html and/or text }, answered { id }; with an Idempotency-Key (1 to 256 characters) a
 * repeat within 24 hours answers the first id and sends nothing, and the same key with another
 * payload is refused 409 invalid_idempotent_request.
 * Resend's POST /emails/batch as documented: bearer API key, a JSON array of at most 100
 * emails (from, to, subject, html and/or text, headers), answered { data: [{ id }] }; errors as
 * { statusCode, name, message }.
 */
export async function startFakeResend(apiKey: string): Promise<FakeResend> {
  const accepted: ResendEmail[] = [];
  let refusals: { count: number; status: number } = { count: 0, status: 0 };
  let lost = 0;
  const keys: string[] = [];
  const idempotent = new Map<string, { payload: string; id: string }>();
  const error = (statusCode: number, name: string, message: string) => ({ status: statusCode, body: { statusCode, name, message } });

  const server = await serveJson(async (request, url, body) => {
    if (request.method === 'POST' && url.pathname === '/emails') {
      if (request.headers.authorization !== `Bearer ${apiKey}`) return error(401, 'missing_api_key', 'Missing API key in the authorization header');
      if (!request.headers['content-type']?.startsWith('application/json')) return error(422, 'validation_error', 'Content-Type must be application/json');
      const key = request.headers['idempotency-key'];
      if (typeof key === 'string') keys.push(key);
      if (typeof key === 'string' && (key.length === 0 || key.length > 256))
        return error(422, 'validation_error', 'The idempotency key must be 1 to 256 characters');
      const email = JSON.parse(body) as ResendEmail & { to: string | string[] };
      const to = typeof email.to === 'string' ? [email.to] : email.to;
      const validTo = Array.isArray(to) && to.length > 0 && to.length <= 50 && to.every((address) => typeof address === 'string');
      if (typeof email.from !== 'string' || !validTo || typeof email.subject !== 'string' || (!email.html && !email.text)) {
        return error(422, 'validation_error', 'The email needs from, to (1 to 50), subject and html or text');
      }
      const seen = typeof key === 'string' ? idempotent.get(key) : undefined;
      if (seen && seen.payload !== body) return error(409, 'invalid_idempotent_request', 'Same idempotency key used with a different request payload.');
      if (seen) return { status: 200, body: { id: seen.id } };
      if (refusals.count > 0) {
        refusals = { ...refusals, count: refusals.count - 1 };
        return error(refusals.status, 'application_error', 'Resend is unavailable.');
      }
      accepted.push({ ...email, to });
      const id = `00000000-0000-4000-8000-${String(accepted.length).padStart(12, '0')}`;
      if (typeof key === 'string') idempotent.set(key, { payload: body, id });
      if (lost > 0) {
        lost -= 1;
        return error(500, 'internal_server_error', 'An unexpected error occurred.');
      }
      return { status: 200, body: { id } };
    }
    if (request.method !== 'POST' || url.pathname !== '/emails/batch') return error(404, 'not_found', 'Route not found');
    if (request.headers.authorization !== `Bearer ${apiKey}`) return error(401, 'missing_api_key', 'Missing API key in the authorization header');
    if (!request.headers['content-type']?.startsWith('application/json')) return error(422, 'validation_error', 'Content-Type must be application/json');
    const emails = JSON.parse(body) as ResendEmail[];
    if (!Array.isArray(emails) || emails.length === 0 || emails.length > 100) return error(422, 'validation_error', 'Expected 1 to 100 emails');
    for (const email of emails) {
      const validTo = Array.isArray(email.to) && email.to.length > 0 && email.to.every((to) => typeof to === 'string');
      if (typeof email.from !== 'string' || !validTo || typeof email.subject !== 'string' || (!email.html && !email.text)) {
        return error(422, 'validation_error', 'Each email needs from, to, subject and html or text');
      }
    }
    if (refusals.count > 0) {
      refusals = { ...refusals, count: refusals.count - 1 };
      return error(refusals.status, 'rate_limit_exceeded', 'Too many requests.');
    }
    accepted.push(...emails);
    return {
      status: 200,
      body: { data: emails.map((_, i) => ({ id: `00000000-0000-4000-8000-${String(accepted.length - emails.length + i).padStart(12, '0')}` })) },
    };
  });

  return {
    origin: server.origin,
    accepted,
    keys,
    loseAnswers: (count) => (lost = count),
    reset: () => {
      accepted.length = 0;
      keys.length = 0;
      idempotent.clear();
      refusals = { count: 0, status: 0 };
      lost = 0;
    },
    refuseNext: (count, status) => (refusals = { count, status }),
    stop: server.stop,
  };
}
