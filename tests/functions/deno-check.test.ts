import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { DENO } from './support/deno-function';

const ROOT = join(import.meta.dirname, '..', '..');

// tsc does not see supabase/functions (Deno code: npm: imports, .ts extensions, the Deno
// global); Deno's own type checker does, with the types of the supabase-js it resolves.
it.each([
  'send-newsletter',
  'newsletter-subscribe',
  'withdraw-from-order',
  'send-push',
  'send-order-mails',
  'create-checkout-session',
  'stripe-webhook',
  'stripe-refund',
])(
  'the %s function type-checks under Deno',
  (name) => {
    const check = spawnSync(DENO, ['check', '--no-lock', '--node-modules-dir=manual', `supabase/functions/${name}/index.ts`], {
      cwd: ROOT,
      encoding: 'utf8',
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', NO_COLOR: '1', DENO_NO_UPDATE_CHECK: '1' },
      timeout: 120_000,
    });
    expect(check.stderr + check.stdout).not.toMatch(/error/i);
    expect(check.status).toBe(0);
  },
  130_000,
);

// Deployed, the functions get their npm packages from supabase/functions/deno.lock (frozen: a
// package that is not in it, or differs from it, stops the bundling); here they run from the
// project's node_modules. Both are the same packages: every import names one exact version, the
// one the lock pins (a subpath such as /cors included), and every package of the lock has package-lock.json's version and integrity.
it('pins supabase-js and stripe to one exact version each, locked with the integrity npm installed', () => {
  const lock = JSON.parse(readFileSync(join(ROOT, 'supabase/functions/deno.lock'), 'utf8')) as {
    specifiers: Record<string, string>;
    npm: Record<string, { integrity: string }>;
  };
  const sources = readdirSync(join(ROOT, 'supabase/functions'), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts'))
    .map((file) => readFileSync(join(ROOT, 'supabase/functions', file), 'utf8'));
  const imported = new Set(sources.flatMap((source) => [...source.matchAll(/from '(npm:(?:@[^/']+\/)?[^/']+)/g)].map((match) => match[1]!)));
  expect([...imported].sort()).toEqual(['npm:@supabase/supabase-js@2.109.0', 'npm:stripe@23.1.0']);
  expect(Object.keys(lock.specifiers).sort()).toEqual([...imported].sort());
  const installed = (
    JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8')) as { packages: Record<string, { version?: string; integrity?: string }> }
  ).packages;
  for (const [key, { integrity }] of Object.entries(lock.npm)) {
    const at = key.lastIndexOf('@');
    expect(installed[`node_modules/${key.slice(0, at)}`], key).toMatchObject({ version: key.slice(at + 1), integrity });
  }
});
