import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkConfig, DEMO_ADMIN, readConfig } from '@/app/read-config';

const URL_OK = 'https://abcdefghijklmnop.supabase.co';
const KEY_OK = 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJyb2xlIjoiYW5vbiJ9.c2lnbmF0dXJl';
const README = 'README, section «\u202fPasser sur Supabase\u202f»';

describe('the shop’s configuration', () => {
  it('is the local shop when nothing is set', () => {
    expect(checkConfig({})).toMatchObject({ backend: 'local', supabase: null });
    expect(readConfig({}, DEMO_ADMIN)).toMatchObject({ backend: 'local', supabase: null });
  });

  it('takes the Supabase project URL and anon key when VITE_BACKEND=supabase', () => {
    const env = { VITE_BACKEND: 'supabase', VITE_SUPABASE_URL: `${URL_OK}/`, VITE_SUPABASE_ANON_KEY: KEY_OK };
    expect(checkConfig(env)).toMatchObject({ backend: 'supabase', supabase: { url: URL_OK, anonKey: KEY_OK } });
    expect(checkConfig({ ...env, VITE_SUPABASE_URL: 'http://localhost:54321' }).supabase?.url).toBe('http://localhost:54321');
    expect(checkConfig({ ...env, VITE_SUPABASE_ANON_KEY: 'sb_publishable_AbC-123_xyz' }).supabase?.anonKey).toBe('sb_publishable_AbC-123_xyz');
  });

  it.each([
    [{ VITE_BACKEND: 'firebase' }, 'VITE_BACKEND'],
    [{ VITE_BACKEND: 'supabase', VITE_SUPABASE_ANON_KEY: KEY_OK }, 'VITE_SUPABASE_URL: missing'],
    [{ VITE_BACKEND: 'supabase', VITE_SUPABASE_URL: URL_OK }, 'VITE_SUPABASE_ANON_KEY: missing'],
    [{ VITE_BACKEND: 'supabase', VITE_SUPABASE_URL: 'abcdefghijklmnop.supabase.co', VITE_SUPABASE_ANON_KEY: KEY_OK }, 'VITE_SUPABASE_URL'],
    [{ VITE_BACKEND: 'supabase', VITE_SUPABASE_URL: 'http://abcdefghijklmnop.supabase.co', VITE_SUPABASE_ANON_KEY: KEY_OK }, 'VITE_SUPABASE_URL'],
    [{ VITE_BACKEND: 'supabase', VITE_SUPABASE_URL: `${URL_OK}/rest/v1`, VITE_SUPABASE_ANON_KEY: KEY_OK }, 'VITE_SUPABASE_URL'],
    [{ VITE_BACKEND: 'supabase', VITE_SUPABASE_URL: URL_OK, VITE_SUPABASE_ANON_KEY: 'ma clé' }, 'VITE_SUPABASE_ANON_KEY: malformed'],
  ])('refuses %j, naming %s and the README section', (env, named) => {
    expect(() => checkConfig(env)).toThrow(named);
    expect(() => checkConfig(env)).toThrow(README);
  });
});

describe('the build', () => {
  function build(env: Record<string, string>) {
    const outDir = mkdtempSync(join(tmpdir(), 'build-config-'));
    try {
      const { VITE_BACKEND: _b, VITE_SUPABASE_URL: _u, VITE_SUPABASE_ANON_KEY: _k, ...inherited } = process.env;
      return spawnSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--outDir', outDir, '--emptyOutDir'], {
        encoding: 'utf8',
        env: { ...inherited, ...env },
        timeout: 120_000,
      });
    } finally {
      rmSync(outDir, { recursive: true, force: true });
    }
  }

  it('stops when a Supabase variable is missing, naming it and the README section', () => {
    const result = build({ VITE_BACKEND: 'supabase', VITE_SUPABASE_URL: URL_OK });
    expect(result.status).not.toBe(0);
    expect(result.stderr).toContain('VITE_SUPABASE_ANON_KEY: missing');
    expect(result.stderr).toContain(README);
  }, 120_000);

  it('stops when the URL is malformed, naming VITE_SUPABASE_URL', () => {
    const result = build({ VITE_BACKEND: 'supabase', VITE_SUPABASE_URL: 'ftp://exemple.fr', VITE_SUPABASE_ANON_KEY: KEY_OK });
    expect(result.status).not.toBe(0);
    expect(result.stderr).toContain('VITE_SUPABASE_URL: "ftp://exemple.fr" is malformed');
  }, 120_000);
});
