// The build's check of VITE_SUPABASE_ANON_KEY (scripts/vite/check-config.ts): the key ships in
// the shop's JavaScript, so a key signed for any role but anon stops the build.
import { describe, expect, it } from 'vitest';
import type { ResolvedConfig } from 'vite';
import { checkAnonKeyRole, checkShopConfig } from '../../../scripts/vite/check-config';

/** A JWT of this payload, as Supabase signs its legacy API keys (the signature is not checked here). */
const keyFor = (payload: object) =>
  ['{"alg":"HS256","typ":"JWT"}', JSON.stringify(payload), 'signature'].map((part) => Buffer.from(part).toString('base64url')).join('.');

function configResolved(env: Record<string, string>): void {
  const plugin = checkShopConfig();
  (plugin.configResolved as (config: ResolvedConfig) => void)({ env } as unknown as ResolvedConfig);
}

const supabaseEnv = (key: string) => ({ VITE_BACKEND: 'supabase', VITE_SUPABASE_URL: 'https://abcdefghijklmnop.supabase.co', VITE_SUPABASE_ANON_KEY: key });

describe('the build’s check of the Supabase key', () => {
  it('accepts the anon key, and a publishable key (no JWT)', () => {
    expect(() => configResolved(supabaseEnv(keyFor({ iss: 'supabase', ref: 'abcdefghijklmnop', role: 'anon' })))).not.toThrow();
    expect(() => checkAnonKeyRole('sb_publishable_AbC-123_xyz')).not.toThrow();
  });

  it('refuses the service role key, naming the variable and the role', () => {
    expect(() => configResolved(supabaseEnv(keyFor({ iss: 'supabase', ref: 'abcdefghijklmnop', role: 'service_role' })))).toThrow(
      'Shop configuration: VITE_SUPABASE_ANON_KEY: this key is signed for the role "service_role", not "anon"',
    );
  });

  it('refuses a JWT whose payload names no role or cannot be read', () => {
    expect(() => checkAnonKeyRole(keyFor({ iss: 'supabase' }))).toThrow('VITE_SUPABASE_ANON_KEY: malformed');
    expect(() => checkAnonKeyRole('eyJhbGciOiJIUzI1NiJ9.bm90LWpzb24.c2ln')).toThrow('VITE_SUPABASE_ANON_KEY: malformed');
  });

  it('does not look at the key of a local shop', () => {
    expect(() => configResolved({})).not.toThrow();
  });
});
