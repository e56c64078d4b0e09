import type { ResendSettings } from './mailers.ts';

export type MailSettings = { provider: 'log' } | ({ provider: 'resend' } & ResendSettings);

export interface Config {
  supabaseUrl: string;
  /** The project's public key: newsletter-subscribe calls PostgREST with it and the visitor's JWT. */
  anonKey: string;
  serviceRoleKey: string;
  siteUrl: string;
  mail: MailSettings;
}

/** Either the whole configuration, or every variable that is missing or wrong (in English, for the logs). */
export type ConfigResult = { ok: true; config: Config } | { ok: false; problems: string[] };

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

/**
 * Reads the function's variables (trimmed; blank is unset), and lists in `problems` each one that
 * is required and missing, or not an http(s) URL where one is wanted.
 */
export function variables(env: (name: string) => string | undefined) {
  const problems: string[] = [];
  const value = (name: string) => env(name)?.trim() || undefined;
  const required = (name: string) => {
    const found = value(name);
    if (!found) problems.push(`${name} is not set`);
    return found ?? '';
  };
  const url = (name: string) => {
    const found = required(name);
    if (found && !isHttpUrl(found)) problems.push(`${name} is not an http(s) URL: ${found}`);
    return found;
  };
  return { value, required, url, problems };
}

/**
 * SUPABASE_URL, SUPABASE_ANON_KEY and SUPABASE_SERVICE_ROLE_KEY are provided by Supabase to every function;
 * SITE_URL and the mail variables are the project's secrets (supabase secrets set …).
 * MAIL_PROVIDER: `log` (default without RESEND_API_KEY) or `resend` (default with it).
 */
export function readConfig(env: (name: string) => string | undefined): ConfigResult {
  const { value, required, url, problems } = variables(env);

  const supabaseUrl = url('SUPABASE_URL');
  const anonKey = required('SUPABASE_ANON_KEY');
  const serviceRoleKey = required('SUPABASE_SERVICE_ROLE_KEY');
  const siteUrl = url('SITE_URL');

  const provider = value('MAIL_PROVIDER') ?? (value('RESEND_API_KEY') ? 'resend' : 'log');
  let mail: MailSettings = { provider: 'log' };
  if (provider === 'resend') {
    const apiKey = required('RESEND_API_KEY');
    const from = required('MAIL_FROM');
    const apiUrl = value('RESEND_API_URL') ?? 'https://api.resend.com';
    if (!isHttpUrl(apiUrl)) problems.push(`RESEND_API_URL is not an http(s) URL: ${apiUrl}`);
    mail = { provider: 'resend', apiKey, from, apiUrl };
  } else if (provider !== 'log') {
    problems.push(`MAIL_PROVIDER must be "log" or "resend", not ${JSON.stringify(provider)}`);
  }

  return problems.length > 0 ? { ok: false, problems } : { ok: true, config: { supabaseUrl, anonKey, serviceRoleKey, siteUrl, mail } };
}
