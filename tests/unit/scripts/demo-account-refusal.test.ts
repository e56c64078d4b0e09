// A local shop built for a public address (VITE_SITE_URL) must not open its back office with the
// demo account, whose password the README publishes: the build refuses it and says how to make
// an account (src/app/read-config.ts, demoAccountRefusal), and its JavaScript leaves the demo hash out.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { build, type Rollup } from 'vite';
import { checkConfig, DEMO_ADMIN, demoAccountRefusal } from '@/app/read-config';
import { checkShopConfig } from '../../../scripts/vite/check-config';
import { SRC_ALIAS } from '../../../scripts/vite/src-alias';

const OWN_ACCOUNT = {
  VITE_ADMIN_EMAIL: 'gerante@boutique.fr',
  VITE_ADMIN_PASSWORD_HASH: 'pbkdf2-sha256$600000$c2VsZGUtZGUtdGVzdA==$ZW1wcmVpbnRlLWRlLXRlc3QtZGUtdHJlbnRlLWRldXg=',
};
const SUPABASE = { VITE_BACKEND: 'supabase', VITE_SUPABASE_URL: 'https://abcdefghijklmnop.supabase.co', VITE_SUPABASE_ANON_KEY: 'sb_publishable_AbC-123_xyz' };
const DEMO_VARIABLES = { VITE_ADMIN_EMAIL: DEMO_ADMIN.email, VITE_ADMIN_PASSWORD_HASH: DEMO_ADMIN.passwordHash };

describe('a build for a public address refuses the demo account', () => {
  it.each([
    ['no address: the local demo', {}, false],
    ['http://localhost:4173', { VITE_SITE_URL: 'http://localhost:4173' }, false],
    ['http://127.0.0.1:8080', { VITE_SITE_URL: 'http://127.0.0.1:8080' }, false],
    ['http://[::1]:4173', { VITE_SITE_URL: 'http://[::1]:4173' }, false],
    ['http://boutique.localhost', { VITE_SITE_URL: 'http://boutique.localhost' }, false],
    ['a public address, no account set (the demo default)', { VITE_SITE_URL: 'https://boutique.example' }, true],
    ['a public address with the demo variables written out', { VITE_SITE_URL: 'https://boutique.example/shop', ...DEMO_VARIABLES }, true],
    [
      'a public address with the demo hash under another email',
      { VITE_SITE_URL: 'https://boutique.example', ...DEMO_VARIABLES, VITE_ADMIN_EMAIL: 'moi@boutique.fr' },
      true,
    ],
    ['a public address named like localhost', { VITE_SITE_URL: 'https://localhost.boutique.example' }, true],
    ['a public address with its own account', { VITE_SITE_URL: 'https://boutique.example', ...OWN_ACCOUNT }, false],
    ['a Supabase build (its admins are in Supabase Auth)', { VITE_SITE_URL: 'https://boutique.example', ...SUPABASE }, false],
  ])('%s: refused %s', (_case, env: Record<string, string>, refused) => {
    const admin = env.VITE_ADMIN_PASSWORD_HASH ? { email: env.VITE_ADMIN_EMAIL ?? '', passwordHash: env.VITE_ADMIN_PASSWORD_HASH } : DEMO_ADMIN;
    const backend = env.VITE_BACKEND === 'supabase' ? 'supabase' : 'local';
    expect(demoAccountRefusal({ backend, siteUrl: env.VITE_SITE_URL ?? null, admin }) !== null).toBe(refused);
    // The build's own check agrees.
    if (refused) expect(() => checkConfig(env)).toThrow('npm run admin:hash');
    else expect(() => checkConfig(env)).not.toThrow();
  });

  it('says, in French, how to make a hash and which variables to set', () => {
    const message = () => checkConfig({ VITE_SITE_URL: 'https://boutique.example' });
    expect(message).toThrow('VITE_SITE_URL vaut https://boutique.example, une adresse publique\u00a0: le compte de démonstration');
    expect(message).toThrow('npm run admin:hash');
    expect(message).toThrow('VITE_ADMIN_EMAIL et VITE_ADMIN_PASSWORD_HASH');
  });
});

describe('vite build with the shop’s configuration check', () => {
  const dirs: string[] = [];
  afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

  /** Builds src/app/config.ts alone, as the shop's build reads it, with these variables in a .env file. */
  async function buildConfig(env: Record<string, string>): Promise<string> {
    const dir = mkdtempSync(join(tmpdir(), 'shop-config-'));
    dirs.push(dir);
    // Escaped as npm run admin:hash prints them: Vite expands `$NAME` in .env files.
    writeFileSync(
      join(dir, '.env'),
      Object.entries(env)
        .map(([name, value]) => `${name}=${value.replaceAll('$', '\\$')}\n`)
        .join(''),
    );
    const output = (await build({
      configFile: false,
      root: resolve('.'),
      envDir: dir,
      logLevel: 'silent',
      resolve: { alias: [SRC_ALIAS] },
      plugins: [checkShopConfig()],
      build: { write: false, lib: { entry: resolve('src/app/config.ts'), formats: ['es'], fileName: 'config' }, minify: true },
    })) as Rollup.RolldownOutput[] | Rollup.RolldownOutput;
    const outputs = Array.isArray(output) ? output : [output];
    return outputs.flatMap((o) => o.output.map((file) => ('code' in file ? file.code : ''))).join('\n');
  }

  it('stops on the demo account for a public address, with the French message', async () => {
    await expect(buildConfig({ VITE_SITE_URL: 'https://boutique.example' })).rejects.toThrow(
      /Shop configuration: VITE_SITE_URL vaut https:\/\/boutique\.example, une adresse publique[\s\S]*npm run admin:hash/,
    );
  });

  it('ships the demo hash in the local demo only: a public build with its own account leaves it out, and so does a Supabase build', async () => {
    expect(await buildConfig({})).toContain(DEMO_ADMIN.passwordHash);
    const published = await buildConfig({ VITE_SITE_URL: 'https://boutique.example', ...OWN_ACCOUNT });
    expect(published).toContain(OWN_ACCOUNT.VITE_ADMIN_PASSWORD_HASH);
    expect(published).not.toContain(DEMO_ADMIN.passwordHash);
    expect(published).not.toContain(DEMO_ADMIN.email);
    expect(await buildConfig({ VITE_SITE_URL: 'https://boutique.example', ...SUPABASE })).not.toContain(DEMO_ADMIN.passwordHash);
  });
});
