/**
 * The shop's configuration, read from import.meta.env once, here and nowhere else.
 * Nothing set = the local shop: local adapters, demo admin account.
 */
export type Backend = 'local';

export interface AppConfig {
  backend: Backend;
  admin: { email: string; passwordHash: string };
}

// Demo account, documented in the README: admin@boutique.example / Vitrine-Demo-2026!
// Only its salted PBKDF2 hash is here, never the password (`npm run admin:hash` makes one).
export const DEMO_ADMIN = {
  email: 'admin@boutique.example',
  passwordHash: 'pbkdf2-sha256$600000$XmHtaXA1Zet/uMOZoH8TDg==$dOBkbeFGkWFFXrGbzoNmFqpNFe0H98IX59OFLSuXJKA=',
} as const;

type Env = Partial<Record<string, string | boolean | undefined>>;

function text(env: Env, name: string): string | undefined {
  const value = env[name];
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

export function readConfig(env: Env): AppConfig {
  const backend = text(env, 'VITE_BACKEND') ?? 'local';
  if (backend !== 'local') {
    throw new Error(
      `VITE_BACKEND="${backend}" is not available yet: only "local" is implemented (the Supabase adapters come with their own issue).`,
    );
  }
  const email = text(env, 'VITE_ADMIN_EMAIL');
  const passwordHash = text(env, 'VITE_ADMIN_PASSWORD_HASH');
  if ((email === undefined) !== (passwordHash === undefined)) {
    throw new Error('Set both VITE_ADMIN_EMAIL and VITE_ADMIN_PASSWORD_HASH (npm run admin:hash), or neither for the demo account.');
  }
  return {
    backend,
    admin: email && passwordHash ? { email, passwordHash } : { ...DEMO_ADMIN },
  };
}

export const config: AppConfig = readConfig(import.meta.env as Env);
