import { createHmac, timingSafeEqual } from 'node:crypto';

/** The test project's JWT secret: the fake servers sign and verify every token with it. */
const SECRET = 'secret-de-test-du-projet-supabase-au-moins-32-caracteres';

const b64url = (value: string | Buffer) => Buffer.from(value).toString('base64url');

export interface Claims {
  role: 'anon' | 'authenticated' | 'service_role';
  exp: number;
  iss?: string;
  sub?: string;
  email?: string;
  aud?: string;
  app_metadata?: Record<string, unknown>;
  user_metadata?: Record<string, unknown>;
  [claim: string]: unknown;
}

/** An HS256 JWT, as Supabase signs its anon key and its users' access tokens. */
export function signJwt(claims: Claims): string {
  const head = b64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
  const body = b64url(JSON.stringify(claims));
  const signature = createHmac('sha256', SECRET).update(`${head}.${body}`).digest('base64url');
  return `${head}.${body}.${signature}`;
}

/** The claims of a token this project signed, or null (malformed or forged). Expiry is the caller's to check. */
export function verifyJwt(token: string): Claims | null {
  const [head, body, signature, ...rest] = token.split('.');
  if (!head || !body || !signature || rest.length > 0) return null;
  const expected = createHmac('sha256', SECRET).update(`${head}.${body}`).digest();
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    return JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Claims;
  } catch {
    return null;
  }
}

// The anon key of the test project: a JWT with role anon, valid for ten years from 2026.
export const ANON_KEY = signJwt({ iss: 'supabase', role: 'anon', exp: 2_082_758_400 });
export const SUPABASE_TEST_URL = 'http://localhost:54321';
