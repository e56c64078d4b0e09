import { defineConfig, mergeConfig } from 'vitest/config';
import base from './vitest.config';

// `npm run test:mutation` only: the same projects, but Stryker's instrumented code (every
// mutant compiled in, switched at run time) runs several times slower, and the first UI test of
// a file, which loads the pages, outgrew vitest's 5 s default and findBy…'s 3 s on the shared
// 2-core machine. Both wait longer here (tests/ui/setup.ts reads UI_WAIT_MS); a test whose
// text never comes still fails.
export default mergeConfig(base, defineConfig({ test: { testTimeout: 30_000, env: { UI_WAIT_MS: '15000' } } }));
