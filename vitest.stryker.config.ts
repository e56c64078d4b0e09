import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { defineConfig, mergeConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import base from './vitest.config';

// `npm run test:mutation*` only: the same projects, but Stryker's instrumented code (every
// mutant compiled in, switched at run time) runs several times slower, and the first UI test of
// a file, which loads the pages, outgrew findBy…'s 3 s (now 10 s) on the shared 2-core machine: it waits
// longer here (tests/ui/setup.ts reads UI_WAIT_MS; the `ui` project's own test timeout is
// 60 s); a test whose text never comes still fails.
//
// The `unit` project keeps vitest's 5 s per test, as `npm test` runs it. A mutant that leaves a
// promise unsettled (a save that never ends) then fails its test after 5 s, counted as killed;
// with 30 s, Stryker's own deadline (about 10 s) came first, and Stryker then replaces the whole
// test runner (a new vitest and PostgreSQL cluster: about a minute here), once per such mutant.

/**
 * Quickest files first. Stryker stops a mutant's run at its first failing test (bail), so the
 * order decides what a killed mutant costs. Vitest's own order is the opposite: the `ui`
 * project before `unit` (by name) and the longest files first, so a domain mutant that a
 * millisecond unit test kills first paid for a file that starts PostgreSQL (the Supabase
 * contract tests, several seconds each) or renders the shop in jsdom. A surviving mutant still
 * runs every test that reaches it: only the order changes, not what runs.
 */
class QuickestFirst extends BaseSequencer {
  /** The longest time each file has taken in this session. Vitest records the last run's, which
   * for a mutant's run is only the tests selected, or none once Stryker stopped at a failure. */
  private static readonly longest = new Map<string, number>();

  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const cost = (spec: TestSpecification) => {
      const key = `${spec.project.name}:${relative(this.ctx.config.root, spec.moduleId)}`;
      const seen = Math.max(QuickestFirst.longest.get(key) ?? 0, this.ctx.cache.getFileTestResults(key)?.duration ?? 0);
      QuickestFirst.longest.set(key, seen);
      // Never timed yet: last, as the slowest would be.
      return seen > 0 ? seen : Number.POSITIVE_INFINITY;
    };
    const projectRank = (spec: TestSpecification) => (spec.project.name === 'unit' ? 0 : 1);
    return [...files].sort((a, b) => projectRank(a) - projectRank(b) || cost(a) - cost(b));
  }
}

const config = mergeConfig(
  base,
  defineConfig({
    // One file at a time, as Stryker runs them (and the shared cluster below needs).
    test: { testTimeout: 5_000, env: { UI_WAIT_MS: '15000' }, sequence: { sequencer: QuickestFirst }, fileParallelism: false },
  }),
);

// Each scope (stryker.config.mjs) runs one project: the domain against the `unit` project
// (unit and contract tests, milliseconds each but for the two Supabase contract files), the
// UI's start-up and toasts against the `ui` project (jsdom, seconds per file).
const project = { domain: 'unit', 'spec-domain': 'unit', 'spec-ui': 'ui' }[process.env.STRYKER_SCOPE ?? ''];
if (project) {
  const projects = config.test.projects as TestProjectInlineConfiguration[];
  config.test.projects = projects.filter((entry) => entry.test?.name === project);
}
// The Supabase contract tests of the `unit` project share one PostgreSQL cluster per test runner
// instead of starting one per file run (see tests/support/supabase/shared-cluster.ts).
for (const entry of config.test.projects as TestProjectInlineConfiguration[]) {
  if (entry.test?.name === 'unit') entry.test.globalSetup = ['tests/support/supabase/shared-cluster.ts'];
}

export default config;
