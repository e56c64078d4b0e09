import { describe, expect, it } from 'vitest';
import { countTap } from '../../../scripts/db/run-pgtap.mjs';

const FILES = ['supabase/tests/a.sql', 'supabase/tests/b.sql'];

describe('the database suite counts pgTAP assertions from pg_prove --verbose', () => {
  it('counts each ok and not ok line of every file', () => {
    const output = [
      'supabase/tests/a.sql .. ',
      '1..3',
      'ok 1 - anon selects categories',
      'not ok 2 - anon inserts a category: refused',
      '# Failed test 2: "anon inserts a category: refused"',
      'ok 3 - anon updates a category: refused',
      'supabase/tests/b.sql .. ',
      '1..1',
      'ok 1 - every table has RLS',
      'Result: FAIL',
    ].join('\n');
    expect(countTap(output, FILES)).toEqual({ passed: 3, failed: 1, broken: [] });
  });

  it('counts the assertions a file planned but never ran (it stopped on an error) as failed', () => {
    const output = ['supabase/tests/a.sql .. ', '1..5', 'ok 1 - one', 'ok 2 - two', 'psql:a.sql:9: ERROR:  boom'].join('\n');
    expect(countTap(output, ['supabase/tests/a.sql'])).toEqual({
      passed: 2,
      failed: 3,
      broken: ['supabase/tests/a.sql: 3 planned test(s) never ran'],
    });
  });

  it('counts a file that printed no plan at all as one failure', () => {
    const output = ['supabase/tests/a.sql .. ', '1..1', 'ok 1 - one', 'supabase/tests/b.sql .. ', 'psql: error'].join('\n');
    expect(countTap(output, FILES)).toEqual({
      passed: 1,
      failed: 1,
      broken: ['supabase/tests/b.sql: no plan (did not run)'],
    });
  });
});
