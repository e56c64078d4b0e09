import { readdirSync } from 'node:fs';
import { basename } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR, migrationFiles } from '../../../scripts/db/test-cluster.mjs';

// The Supabase CLI records each migration by the number before its first underscore (the
// primary key of supabase_migrations.schema_migrations): two files with one number cannot both
// be pushed, though the test database, applying files by name, would run both.
describe('supabase/migrations, as the Supabase CLI reads them', () => {
  it('every file is <14-digit timestamp>_<name>.sql', () => {
    const names = readdirSync(MIGRATIONS_DIR);
    expect(names.filter((name) => !/^\d{14}_[a-z0-9_]+\.sql$/.test(name))).toEqual([]);
  });

  it('no two migrations share a version', () => {
    const versions = migrationFiles().map((file) => basename(file).split('_')[0]);
    expect(versions.filter((version, i) => versions.indexOf(version) !== i)).toEqual([]);
  });
});
