// Mutation testing (StrykerJS): `npm run test:mutation` (scopes `domain` then `spec-ui`, then
// scripts/test/mutation-score.mjs adds them up) or `npm run test:mutation:spec` (the files that hold
// the spec's rules only: `spec-domain` then `spec-ui`). Kept out of
// `npm test`: on the shared 2-core machine a run takes many minutes. What is mutated, what is
// left out and why, and the equivalent mutants: docs/mutation-testing.md.
// Stryker 9.6 is the last line that runs on Node 20 (10.x asks for Node 22).

/** The files that carry the spec's rules (§3, §4, §5, §9), in two scopes. The domain's
 * (constants, messages, pictures, cart, favorites, newsletter, PWA banners, start-up
 * housekeeping, web-vitals thresholds) run against the unit tests alone; the UI's start-up and
 * toasts against the UI tests (vitest.stryker.config.ts picks the project). */
const SCOPES = {
  'spec-domain': [
    'src/domain/constants.ts',
    'src/domain/messages.ts',
    'src/domain/housekeeping.ts',
    'src/domain/performance.ts',
    'src/domain/product.ts',
    'src/domain/cart/**/*.ts',
    'src/domain/favorites/**/*.ts',
    'src/domain/newsletter/**/*.ts',
    'src/domain/pwa/**/*.ts',
  ],
  'spec-ui': ['src/ui/startup/**/*.ts', 'src/ui/toast/**/*.{ts,tsx}'],
  // All of src/domain and the cross-tab engine the stored lists run on, against the unit and contract tests (`npm run test:mutation` runs it,
  // then `spec-ui`: together, the domain and the UI's start-up and toasts). One run of the two
  // against every project took hours: each domain mutant reached by the UI tests also ran them.
  domain: ['src/domain/**/*.ts', 'src/adapters/cross-tab/**/*.ts'],
};

const scope = process.env.STRYKER_SCOPE;
if (scope === undefined) throw new Error('STRYKER_SCOPE is not set: use npm run test:mutation or test:mutation:spec');
if (!(scope in SCOPES)) throw new Error(`STRYKER_SCOPE must be one of ${Object.keys(SCOPES).join(', ')}`);

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  plugins: ['@stryker-mutator/vitest-runner'],
  // The repository's projects, `unit` (unit and contract tests) and `ui` (jsdom);
  // vitest.stryker.config.ts lets the slower instrumented code take longer.
  vitest: { configFile: 'vitest.stryker.config.ts' },
  mutate: SCOPES[scope],
  // Each mutant runs only the tests that reach its code.
  coverageAnalysis: 'perTest',
  // A static mutant (a value computed when a module loads: the tables of constants.ts and
  // messages.ts) is reached by every test, so each would rerun the whole suite (90 s here).
  // They are left out of the score; tests/unit/domain/constants.test.ts and messages.test.ts
  // pin those values literally instead.
  ignoreStatic: true,
  // Two shared cores: one test runner by default; STRYKER_CONCURRENCY=2 on a quiet machine.
  concurrency: Number(process.env.STRYKER_CONCURRENCY ?? 1),
  // A second run re-tests only the mutants whose code or tests changed (kept out of git: it
  // holds results of one machine's run, and .reports/ is ignored).
  incremental: true,
  incrementalFile: `.reports/mutation/${scope}-incremental.json`,
  reporters: ['clear-text', 'progress', 'html', 'json'],
  htmlReporter: { fileName: `.reports/mutation/${scope}.html` },
  jsonReporter: { fileName: `.reports/mutation/${scope}.json` },
  clearTextReporter: { allowColor: false, logTests: false, reportMutants: true, reportScoreTable: true },
  // One per scope, so that two scopes can run side by side; and .reports (other scopes' sandboxes
  // and reports) is not copied into a sandbox.
  ignorePatterns: ['/.reports'],
  tempDirName: `.reports/stryker-tmp/${scope}`,
  // Stryker's deadline for a mutant: 1.5 × the covering tests' time in the first run, plus this.
  // 10 s was too short for the UI tests on the loaded machine: a run of `spec-ui` at 6b39c73
  // counted 55 of 140 mutants as timed out (hence « detected »), among them mutants that no test
  // can tell apart (toaster.tsx's `if (!open)` → `true`, its server snapshot → `undefined`): each
  // mutant reruns jsdom files whose set-up alone (tests/ui/setup.ts loads every page) takes
  // seconds, and more in a test runner just restarted after a timeout. 60 s there.
  timeoutMS: scope === 'spec-ui' ? 60000 : 10000,
  thresholds: { high: 90, low: 80, break: null },
};
