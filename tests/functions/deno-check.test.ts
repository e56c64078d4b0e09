import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { DENO } from './support/deno-function';

const ROOT = join(import.meta.dirname, '..', '..');

// tsc does not see supabase/functions (Deno code: npm: imports, .ts extensions, the Deno
// global); Deno's own type checker does, with the types of the supabase-js it resolves.
it.each(['send-newsletter', 'newsletter-subscribe'])(
  'the %s function type-checks under Deno',
  (name) => {
    const check = spawnSync(DENO, ['check', '--no-lock', `supabase/functions/${name}/index.ts`], {
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
