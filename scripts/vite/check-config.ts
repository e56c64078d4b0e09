import type { Plugin } from 'vite';
import { checkConfig } from '../../src/app/read-config';

/**
 * The role a legacy Supabase API key is signed for: such a key is a JWT whose payload names it
 * (`anon`, `service_role`). Null for a key that is no JWT (the newer sb_publishable_… keys).
 */
function jwtRole(key: string): string | null {
  const parts = key.split('.');
  if (parts.length !== 3) return null;
  try {
    const payload: unknown = JSON.parse(Buffer.from(parts[1]!, 'base64url').toString('utf8'));
    const role = (payload as { role?: unknown } | null)?.role;
    return typeof role === 'string' ? role : '';
  } catch {
    return '';
  }
}

/**
 * VITE_SUPABASE_ANON_KEY ships in the shop's JavaScript: a key signed for any role but `anon`
 * (the service role key, which passes every row-level security policy) stops the build.
 */
export function checkAnonKeyRole(key: string): void {
  const role = jwtRole(key);
  if (role === null || role === 'anon') return;
  throw new Error(
    role === ''
      ? 'VITE_SUPABASE_ANON_KEY: malformed: a JWT whose payload names no role; expected the project’s anon (public) key.'
      : `VITE_SUPABASE_ANON_KEY: this key is signed for the role "${role}", not "anon": it would be shipped to every visitor. Use the project’s anon (public) key.`,
  );
}

/**
 * Stops the build (and the dev server) when the shop's variables are missing or malformed,
 * with the message of src/app/read-config.ts: the variable's name and the README section.
 * readConfig, in the same file, reads the checked values again in the browser. The anon key is
 * also decoded here, at build time only: a service role key never reaches the bundle.
 */
export function checkShopConfig(): Plugin {
  return {
    name: 'shop:check-config',
    configResolved(resolved) {
      try {
        const config = checkConfig(resolved.env);
        if (config.supabase) checkAnonKeyRole(config.supabase.anonKey);
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        throw new Error(`Shop configuration: ${message}`);
      }
    },
  };
}
