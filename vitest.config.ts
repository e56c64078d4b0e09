import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { SRC_ALIAS } from './scripts/vite/src-alias';

export default defineConfig({
  resolve: { alias: [SRC_ALIAS] },
  plugins: [react()],
  test: {
    // Two files at a time, whatever the machine: vitest's default (its cores less one) runs one at
    // a time on the 2-core CI machine, where the contract suites wait on PostgreSQL and a UI file
    // on its fakes half the time. Measured there: unit and contract 132 s → 63 s, UI 108 s → 70 s.
    maxWorkers: 2,
    // Worker threads, each keeping its modules between the files it runs: the unit and UI files
    // build their own fakes, containers and query clients per test, so nothing a file leaves in a
    // module is read by the next one (checked by running both projects in shuffled orders:
    // docs/testing.md). Measured on 2 quiet cores: unit and contract 104 s → 61 s, UI 90 s → 49 s;
    // most of the old time was each file importing React, jsdom and the shop's modules again.
    pool: 'threads',
    isolate: false,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'node',
          include: ['tests/unit/**/*.test.ts', 'tests/contract/**/*.test.ts'],
          // `npm run bench`: the benchmarks run in Node, never in jsdom.
          benchmark: { include: ['tests/bench/**/*.bench.ts'] },
        },
      },
      {
        extends: true,
        test: {
          name: 'ui',
          environment: 'jsdom',
          include: ['tests/ui/**/*.test.tsx'],
          setupFiles: ['tests/ui/setup.ts'],
          // Each wait of a UI test may take up to 10 s (tests/ui/setup.ts) and a test makes
          // several: vitest's default 5 s for the whole test was less than what its own waits
          // allow, so with the machine fully loaded (load average 16 on 2 cores) a test whose
          // every assertion held timed out at 5.1–5.3 s. A test still fails at its first wait
          // that never comes true.
          testTimeout: 60_000,
          benchmark: { include: [] },
        },
      },
      {
        extends: true,
        test: {
          // The Supabase edge functions, run by Deno (npm package `deno`) over HTTP, in front of
          // fakes of Supabase (backed by the PostgreSQL test database) and of the mail API.
          name: 'functions',
          environment: 'node',
          // Each file starts Deno servers and a PostgreSQL database of its own: one process each.
          pool: 'forks',
          isolate: true,
          include: ['tests/functions/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
          benchmark: { include: [] },
        },
      },
    ],
  },
});
