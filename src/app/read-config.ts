/**
 * Reads the shop's configuration from a set of variables: plain code without import.meta, so
 * vite.config.ts runs the very same checks on the build's variables (a wrong value stops the
 * build, naming the variable and the README section, instead of the shop at start-up).
 * Nothing set = the local shop: local adapters, demo admin account.
 */
type Backend = 'local' | 'supabase';

export interface SupabaseConfig {
  url: string;
  anonKey: string;
  /** VITE_VAPID_PUBLIC_KEY: the browser subscribes to push messages with it (docs/supabase.md); absent: no push. */
  vapidPublicKey?: string;
}

export interface AdminAccount {
  email: string;
  passwordHash: string;
}

export interface AppConfig {
  backend: Backend;
  /** The local sign-in's account; both fields empty (no sign-in matches) on a Supabase build without one. */
  admin: AdminAccount;
  /** Set exactly when backend is 'supabase'. */
  supabase: SupabaseConfig | null;
  /**
   * The shop's public address (VITE_SITE_URL), which every link of a mail starts with; null when
   * not set: the address the page is served from (src/app/container.ts).
   */
  siteUrl: string | null;
}

// Demo account, documented in the README: admin@boutique.example / Vitrine-Demo-2026!
// Only its salted PBKDF2 hash is here, never the password (`npm run admin:hash` makes one).
// Only a local build may use it (demoAccountRefusal); src/app/config.ts passes it to readConfig
// only when the build set no account, so a build for a public address does not ship it.
export const DEMO_ADMIN = {
  email: 'admin@boutique.example',
  passwordHash: 'pbkdf2-sha256$600000$XmHtaXA1Zet/uMOZoH8TDg==$dOBkbeFGkWFFXrGbzoNmFqpNFe0H98IX59OFLSuXJKA=',
} as const;

/** Where the README explains the Supabase variables. */
const SUPABASE_README_SECTION = 'README, section «\u202fPasser sur Supabase\u202f»';
/** Where the README lists every variable of the shop. */
const CONFIGURATION_README_SECTION = 'README, section «\u202fConfiguration\u202f»';

type Env = Partial<Record<string, string | boolean | undefined>>;

function text(env: Env, name: string): string | undefined {
  const value = env[name];
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

/** A configuration error: names the variable and where to read how to set it. */
class ConfigError extends Error {
  constructor(
    readonly variable: string,
    problem: string,
    section: string = SUPABASE_README_SECTION,
  ) {
    super(`${variable}: ${problem} See the ${section}.`);
    this.name = 'ConfigError';
  }
}

/** https://…, or http://localhost / 127.0.0.1 (a local Supabase or a test). No path, query or credentials. */
function supabaseUrl(value: string | undefined): string {
  const name = 'VITE_SUPABASE_URL';
  if (value === undefined) throw new ConfigError(name, 'missing (required when VITE_BACKEND=supabase).');
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ConfigError(name, `"${value}" is not a URL (expected https://<project>.supabase.co).`);
  }
  const local = url.hostname === 'localhost' || url.hostname === '127.0.0.1';
  const schemeOk = url.protocol === 'https:' || (url.protocol === 'http:' && local);
  if (!schemeOk || url.username || url.password || url.search || url.hash || (url.pathname !== '/' && url.pathname !== '')) {
    throw new ConfigError(name, `"${value}" is malformed: expected the project URL alone, https://<project>.supabase.co (http:// only for localhost).`);
  }
  return url.origin;
}

/**
 * The shop's public address: http(s), no query, fragment or credentials; a base path is kept
 * (the edge functions' SITE_URL takes the same value: supabase/functions/_shared/config.ts).
 */
function siteUrl(value: string): string {
  const name = 'VITE_SITE_URL';
  let url: URL | null = null;
  try {
    url = new URL(value);
  } catch {
    // reported below
  }
  if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:') || url.username || url.password || url.search || url.hash) {
    throw new ConfigError(
      name,
      `"${value}" is not the shop's public address: expected https://boutique.example (a base path is allowed; no query or fragment).`,
      CONFIGURATION_README_SECTION,
    );
  }
  return value.replace(/\/+$/, '');
}

// The anon key is a JWT (three base64url parts) or a newer publishable key (sb_publishable_…).
const ANON_KEY = /^(?:[\w-]+\.[\w-]+\.[\w-]+|sb_publishable_[\w-]+)$/;

function anonKey(value: string | undefined): string {
  const name = 'VITE_SUPABASE_ANON_KEY';
  if (value === undefined) throw new ConfigError(name, 'missing (required when VITE_BACKEND=supabase).');
  if (!ANON_KEY.test(value)) {
    throw new ConfigError(name, 'malformed: expected the project’s anon (public) key, a JWT of three dot-separated parts.');
  }
  return value;
}

/** A P-256 public key, uncompressed, base64url: 65 bytes, 87 characters starting with B (0x04). */
function vapidPublicKey(value: string | undefined): string | undefined {
  if (value !== undefined && !/^B[\w-]{86}$/.test(value)) {
    throw new ConfigError('VITE_VAPID_PUBLIC_KEY', 'malformed: expected the VAPID public key of send-push, 87 base64url characters (docs/supabase.md).');
  }
  return value;
}

/**
 * The configuration as the shop reads it in the browser: the build already ran checkConfig on
 * these very values (scripts/vite/check-config.ts), so only what the shop needs is kept here,
 * not the checks' messages (every byte of this file is on the first visit). `demoAdmin` is the
 * account used when the variables name none (null on a Supabase build: its admins are in Auth).
 */
export function readConfig(env: Env, demoAdmin: AdminAccount | null): AppConfig {
  const backend: Backend = text(env, 'VITE_BACKEND') === 'supabase' ? 'supabase' : 'local';
  const email = text(env, 'VITE_ADMIN_EMAIL');
  const passwordHash = text(env, 'VITE_ADMIN_PASSWORD_HASH');
  return {
    backend,
    admin: email && passwordHash ? { email, passwordHash } : { ...(demoAdmin ?? { email: '', passwordHash: '' }) },
    supabase:
      backend === 'supabase'
        ? { url: text(env, 'VITE_SUPABASE_URL') ?? '', anonKey: text(env, 'VITE_SUPABASE_ANON_KEY') ?? '', vapidPublicKey: text(env, 'VITE_VAPID_PUBLIC_KEY') }
        : null,
    // As checked by the build; a trailing slash is dropped where links are made (unsubscribeUrl).
    siteUrl: text(env, 'VITE_SITE_URL') ?? null,
  };
}

/**
 * Every check, for the build (scripts/vite/check-config.ts): throws a ConfigError naming the
 * variable and the README section when a value is missing or malformed; else the configuration.
 */
export function checkConfig(env: Env): AppConfig {
  const raw = env.VITE_BACKEND;
  const backend = text(env, 'VITE_BACKEND') ?? 'local';
  if ((backend !== 'local' && backend !== 'supabase') || (typeof raw === 'string' && raw.trim() !== raw)) {
    throw new ConfigError('VITE_BACKEND', `"${String(raw)}" is not a backend: use local (the default) or supabase.`);
  }
  if ((text(env, 'VITE_ADMIN_EMAIL') === undefined) !== (text(env, 'VITE_ADMIN_PASSWORD_HASH') === undefined)) {
    throw new Error('Set both VITE_ADMIN_EMAIL and VITE_ADMIN_PASSWORD_HASH (npm run admin:hash), or neither for the demo account.');
  }
  const config = readConfig(env, backend === 'local' ? DEMO_ADMIN : null);
  const site = text(env, 'VITE_SITE_URL');
  if (site !== undefined) config.siteUrl = siteUrl(site);
  const refusal = demoAccountRefusal(config);
  if (refusal) throw new Error(refusal);
  if (backend === 'supabase') {
    config.supabase = {
      url: supabaseUrl(text(env, 'VITE_SUPABASE_URL')),
      anonKey: anonKey(text(env, 'VITE_SUPABASE_ANON_KEY')),
      vapidPublicKey: vapidPublicKey(text(env, 'VITE_VAPID_PUBLIC_KEY')),
    };
  }
  return config;
}

/** localhost, 127.0.0.1, ::1 and *.localhost: addresses only this computer reaches. */
function isLocalAddress(siteUrl: string): boolean {
  const host = new URL(siteUrl).hostname.toLowerCase();
  return host === 'localhost' || host.endsWith('.localhost') || host === '127.0.0.1' || host === '[::1]';
}

/**
 * Why the build refuses this configuration, or null: the demo account's password is published in
 * the README, so a local shop built for a public address (VITE_SITE_URL) must name its own
 * account. The local demo (no address, or a local one) and Supabase builds (Auth) are left as they are.
 */
export function demoAccountRefusal(config: Pick<AppConfig, 'backend' | 'admin' | 'siteUrl'>): string | null {
  if (config.backend !== 'local' || config.siteUrl === null || isLocalAddress(config.siteUrl)) return null;
  if (config.admin.passwordHash !== DEMO_ADMIN.passwordHash) return null;
  return (
    `VITE_SITE_URL vaut ${config.siteUrl}, une adresse publique\u00a0: le compte de démonstration ` +
    `(${DEMO_ADMIN.email}, dont le mot de passe est publié dans le README) y ouvrirait l’administration à tous. ` +
    'Créez votre compte\u00a0: npm run admin:hash -- --email vous@exemple.fr, puis mettez les deux lignes ' +
    'qu’il affiche, VITE_ADMIN_EMAIL et VITE_ADMIN_PASSWORD_HASH, dans .env.local ou dans l’environnement du build, et relancez le build.'
  );
}
