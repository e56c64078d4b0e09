import { createHmac } from 'node:crypto';

const base64url = (value: string | Buffer) => Buffer.from(value).toString('base64url');

/** An HS256 JWT as Supabase Auth issues them (legacy JWT secret): header.payload.signature. */
export function signJwt(claims: Record<string, unknown>, secret: string): string {
  const head = base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
  const body = base64url(JSON.stringify(claims));
  const signature = createHmac('sha256', secret).update(`${head}.${body}`).digest('base64url');
  return `${head}.${body}.${signature}`;
}

/** The claims of a JWT signed with `secret`, or why it is refused (as GoTrue words it). */
export function verifyJwt(token: string, secret: string, now: number): { claims: Record<string, unknown> } | { refusal: string } {
  const [head, body, signature] = token.split('.');
  if (!head || !body || !signature) return { refusal: 'invalid JWT: unable to parse or verify signature, token is malformed' };
  const expected = createHmac('sha256', secret).update(`${head}.${body}`).digest('base64url');
  if (expected !== signature) return { refusal: 'invalid JWT: unable to parse or verify signature, signature is invalid' };
  const claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Record<string, unknown>;
  if (typeof claims.exp === 'number' && claims.exp <= now) {
    return { refusal: 'invalid JWT: unable to parse or verify signature, token has invalid claims: token is expired' };
  }
  return { claims };
}
