import { variables } from '../_shared/config.ts';

export interface PushConfig {
  supabaseUrl: string;
  serviceRoleKey: string;
  siteUrl: string;
  vapidPublicKey: string;
  vapidPrivateKey: string;
  vapidSubject: string;
}

/** Either the whole configuration, or every variable that is missing or wrong (in English, for the logs). */
export type PushConfigResult = { ok: true; config: PushConfig } | { ok: false; problems: string[] };

/**
 * SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY come from Supabase; SITE_URL (the newsletter
 * functions' too) and the three VAPID variables are the project's secrets. The key pair's
 * belonging together is checked when it is imported (web-push.ts, importVapid).
 */
export function readPushConfig(env: (name: string) => string | undefined): PushConfigResult {
  const { required, url, problems } = variables(env);
  const key = (name: string, pattern: RegExp, what: string) => {
    const found = required(name);
    if (found && !pattern.test(found)) problems.push(`${name} is not ${what}`);
    return found;
  };

  const config: PushConfig = {
    supabaseUrl: url('SUPABASE_URL'),
    serviceRoleKey: required('SUPABASE_SERVICE_ROLE_KEY'),
    siteUrl: url('SITE_URL'),
    vapidPublicKey: key('VAPID_PUBLIC_KEY', /^B[A-Za-z0-9_-]{86}$/, 'an uncompressed P-256 public key in base64url (87 characters)'),
    vapidPrivateKey: key('VAPID_PRIVATE_KEY', /^[A-Za-z0-9_-]{43}$/, 'a P-256 private key in base64url (43 characters)'),
    vapidSubject: key('VAPID_SUBJECT', /^(mailto:\S+@\S+|https:\/\/\S+)$/, 'a mailto: or https: address (RFC 8292 §2.1)'),
  };
  return problems.length > 0 ? { ok: false, problems } : { ok: true, config };
}
