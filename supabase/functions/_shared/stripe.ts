import { variables } from './config.ts';

export interface StripeConfig {
  supabaseUrl: string;
  anonKey: string;
  serviceRoleKey: string;
  siteUrl: string;
  /** STRIPE_SECRET_KEY: sk_test_… / sk_live_… (or a restricted rk_… key). */
  secretKey: string;
  /** STRIPE_WEBHOOK_SECRET: the endpoint's signing secret, whsec_…. */
  webhookSecret: string;
  /** STRIPE_API_URL: https://api.stripe.com, or the tests' stand-in. */
  apiUrl: string;
}

export type StripeConfigResult = { ok: true; config: StripeConfig } | { ok: false; problems: string[] };

/**
 * The two Stripe functions' variables: Supabase's three, SITE_URL (the success and cancel pages),
 * STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET (function secrets, never in the browser's build),
 * STRIPE_API_URL (optional). Each missing or malformed one is listed, in English, for the logs.
 */
export function readStripeConfig(env: (name: string) => string | undefined): StripeConfigResult {
  const { value, required, url, problems } = variables(env);
  const key = (name: string, pattern: RegExp, what: string) => {
    const found = required(name);
    if (found && !pattern.test(found)) problems.push(`${name} is not ${what}`);
    return found;
  };
  const apiUrl = value('STRIPE_API_URL') ?? 'https://api.stripe.com';
  if (!/^https?:\/\/[^/]+$/.test(apiUrl.replace(/\/+$/, ''))) problems.push(`STRIPE_API_URL is not an http(s) origin: ${apiUrl}`);
  const config: StripeConfig = {
    supabaseUrl: url('SUPABASE_URL'),
    anonKey: required('SUPABASE_ANON_KEY'),
    serviceRoleKey: required('SUPABASE_SERVICE_ROLE_KEY'),
    siteUrl: url('SITE_URL'),
    secretKey: key('STRIPE_SECRET_KEY', /^(sk|rk)_(test|live)_[A-Za-z0-9]+$/, 'a Stripe secret key (sk_test_…, sk_live_…)'),
    webhookSecret: key('STRIPE_WEBHOOK_SECRET', /^whsec_[A-Za-z0-9+/=]+$/, 'a webhook signing secret (whsec_…)'),
    apiUrl: apiUrl.replace(/\/+$/, ''),
  };
  return problems.length > 0 ? { ok: false, problems } : { ok: true, config };
}

/** A value of Stripe's form encoding: nested objects and arrays become key[sub][0]… */
export type FormValue = string | number | boolean | null | undefined | FormValue[] | { [key: string]: FormValue };

/**
 * application/x-www-form-urlencoded as Stripe's API reads it: `a[b][0][c]=…` for nested
 * objects and arrays (indices explicit), null and undefined left out.
 */
export function stripeForm(params: Record<string, FormValue>): string {
  const pairs: string[] = [];
  const add = (name: string, value: FormValue) => {
    if (value === null || value === undefined) return;
    if (Array.isArray(value)) value.forEach((item, index) => add(`${name}[${index}]`, item));
    else if (typeof value === 'object') for (const [key, item] of Object.entries(value)) add(`${name}[${key}]`, item);
    else pairs.push(`${encodeURIComponent(name)}=${encodeURIComponent(String(value))}`);
  };
  for (const [key, value] of Object.entries(params)) add(key, value);
  return pairs.join('&');
}

/** Stripe answered with an error (a 4xx: the request was refused; a 5xx: Stripe failed). */
export class StripeRefused extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** Stripe could not be reached (no answer at all). */
export class StripeUnreachable extends Error {}

/**
 * POST <apiUrl><path>, form-encoded, with the secret key as bearer and the idempotency key;
 * one more try with the same key when no answer came back (Stripe then answers the first
 * request's result, never a second object). Answers the JSON body; StripeRefused / StripeUnreachable.
 */
export async function stripePost(
  config: Pick<StripeConfig, 'apiUrl' | 'secretKey'>,
  path: string,
  params: Record<string, FormValue>,
  idempotencyKey: string,
  fetcher: typeof fetch = fetch,
): Promise<Record<string, unknown>> {
  const request = () =>
    fetcher(`${config.apiUrl}${path}`, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${config.secretKey}`,
        'Content-Type': 'application/x-www-form-urlencoded',
        'Idempotency-Key': idempotencyKey,
      },
      body: stripeForm(params),
      signal: AbortSignal.timeout(15_000),
    });
  let response: Response;
  try {
    response = await request();
  } catch {
    try {
      response = await request();
    } catch (error) {
      throw new StripeUnreachable(String(error));
    }
  }
  const body = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  if (!response.ok) {
    const error = (body.error ?? {}) as { type?: string; code?: string; message?: string };
    throw new StripeRefused(response.status, `${response.status} ${error.type ?? ''} ${error.code ?? ''}: ${error.message ?? ''}`);
  }
  return body;
}

/** GET <apiUrl><path> with the secret key: the JSON body, or null on any failure. */
export async function stripeGet(config: Pick<StripeConfig, 'apiUrl' | 'secretKey'>, path: string): Promise<Record<string, unknown> | null> {
  try {
    const response = await fetch(`${config.apiUrl}${path}`, {
      headers: { Authorization: `Bearer ${config.secretKey}` },
      signal: AbortSignal.timeout(10_000),
    });
    return response.ok ? ((await response.json()) as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}
