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
  /** Every mail Resend accepted, in order. */
  accepted: ResendEmail[];
  /** The next batches are refused with this status (then it resets). */
  refuseNext(count: number, status: number): void;
  stop(): Promise<void>;
}

/**
 * Resend's POST /emails/batch as documented: bearer API key, a JSON array of at most 100
 * emails (from, to, subject, html and/or text, headers), answered { data: [{ id }] }; errors as
 * { statusCode, name, message }.
 */
export async function startFakeResend(apiKey: string): Promise<FakeResend> {
  const accepted: ResendEmail[] = [];
  let refusals: { count: number; status: number } = { count: 0, status: 0 };
  const error = (statusCode: number, name: string, message: string) => ({ status: statusCode, body: { statusCode, name, message } });

  const server = await serveJson(async (request, url, body) => {
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
    refuseNext: (count, status) => (refusals = { count, status }),
    stop: server.stop,
  };
}
