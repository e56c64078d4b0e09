import { defineConfig, mergeConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import base from './vitest.config';

// `npm run test:mutation*` only: the same projects, but Stryker's instrumented code (every
// mutant compiled in, switched at run time) runs several times slower, and the first UI test of
// a file, which loads the pages, outgrew vitest's 5 s default and findBy…'s 3 s on the shared
// 2-core machine. Both wait longer here (tests/ui/setup.ts reads UI_WAIT_MS); a test whose
// text never comes still fails.
const config = mergeConfig(base, defineConfig({ test: { testTimeout: 30_000, env: { UI_WAIT_MS: '15000' } } }));

// The spec-rule scopes (stryker.config.mjs) each run one project: the domain's rules against
// the unit tests, which take milliseconds, the UI's start-up and toasts against the UI tests.
const project = { 'spec-domain': 'unit', 'spec-ui': 'ui' }[process.env.STRYKER_SCOPE ?? ''];
if (project) {
  const projects = config.test.projects as TestProjectInlineConfiguration[];
  config.test.projects = projects.filter((entry) => entry.test?.name === project);
}

export default config;
