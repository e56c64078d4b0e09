import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { DEMO_ADMIN } from './helpers';

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

test('the built shop carries the admin password hash, never the password', () => {
  const files = filesUnder('dist');
  const contents = files.map((file) => readFileSync(file, 'latin1'));
  expect(files.length).toBeGreaterThan(0);
  expect(contents.some((text) => text.includes('pbkdf2-sha256$600000$'))).toBe(true);
  const leaking = files.filter((_, i) => contents[i]!.includes(DEMO_ADMIN.password));
  expect(leaking).toEqual([]);
});

// Strings only supabase-js carries (its headers, PostgREST's error codes, GoTrue's name).
const SUPABASE_JS_MARKERS = [/X-Client-Info/, /Accept-Profile/, /gotrue/i, /PGRST\d/];

test('a local build ships no byte of supabase-js: no file of dist/ carries its code', () => {
  const carrying = filesUnder('dist').filter((file) => {
    const text = readFileSync(file, 'latin1');
    return SUPABASE_JS_MARKERS.some((marker) => marker.test(text));
  });
  expect(carrying).toEqual([]);
});
