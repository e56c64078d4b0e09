// ESLint flat config. The layer rules of /ARCHITECTURE.md ("one direction of imports") live
// here as errors, so a wrong import fails `npm run lint` instead of relying on review.
// Lint stays syntax-only (no type-aware rules): `tsc --noEmit` already checks types, and
// this keeps `eslint .` fast on a 2-core CI machine. Import cycles are found by dpdm
// (`npm run lint:cycles`), not import/no-cycle, which took two thirds of ESLint's time.
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import importPlugin from 'eslint-plugin-import';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const ROOT = import.meta.dirname;

const layer = (name) => `./src/${name}`;

// Who may not import whom. Paths are resolved against ROOT, so the rules hold whatever
// directory ESLint is started from (the architecture test runs it through the Node API).
const LAYER_ZONES = [
  {
    target: layer('domain'),
    from: [layer('adapters'), layer('ui'), layer('app')],
    message: 'Layer rule broken: src/domain may import only src/domain and src/ports, never src/adapters, src/ui or src/app.',
  },
  {
    target: layer('ports'),
    from: [layer('adapters'), layer('ui'), layer('app')],
    message: 'Layer rule broken: src/ports may import only src/domain types, never src/adapters, src/ui or src/app.',
  },
  {
    target: layer('ui'),
    from: [layer('adapters'), layer('app')],
    message: 'Layer rule broken: src/ui may import src/domain and src/ports, never src/adapters (adapters arrive through the container) or src/app.',
  },
  {
    target: layer('adapters'),
    from: [layer('ui'), layer('app')],
    message: 'Layer rule broken: src/adapters may import src/ports, src/domain and SDKs, never src/ui or src/app.',
  },
];

// The core rule only knows packages by name, so it also catches imports of packages that
// do not resolve (and type-only imports, which are just as much a dependency of the layer).
const CORE_LAYER_PACKAGE_BAN = {
  patterns: [
    {
      regex: '^react(-dom)?(/.*)?$',
      message: 'Layer rule broken: src/domain and src/ports are plain TypeScript and may not import React.',
    },
    {
      regex: '^react-router',
      message: 'Layer rule broken: src/domain and src/ports may not import the router (it belongs to src/ui).',
    },
    {
      regex: '^(tsyringe|reflect-metadata)(/.*)?$',
      message:
        'Layer rule broken: src/domain and src/ports may not import tsyringe or reflect-metadata (the container lives in src/app; ports export Symbol tokens).',
    },
    {
      regex: '^@supabase/',
      message: 'Layer rule broken: src/domain and src/ports may not import an SDK (Supabase belongs to src/adapters/supabase).',
    },
    {
      regex: '^@tanstack/',
      message: 'Layer rule broken: src/domain and src/ports may not import TanStack (remote-data caching belongs to src/ui).',
    },
  ],
};

const UI_ADAPTER_BAN = {
  patterns: [
    {
      group: ['**/adapters/**', '**/adapters'],
      message: 'Layer rule broken: src/ui may not import src/adapters; ask the container for the port with useService(TOKEN).',
    },
  ],
};

export default defineConfig([
  globalIgnores(['dist/', 'dist-supabase/', 'dev-dist/', 'node_modules/', 'playwright-report/', 'test-results/', '.reports/', '.bench/']),

  js.configs.recommended,
  tseslint.configs.recommended,
  importPlugin.flatConfigs.recommended,
  importPlugin.flatConfigs.typescript,

  {
    name: 'shop/base',
    languageOptions: { ecmaVersion: 'latest', sourceType: 'module' },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    settings: {
      // Never parse third-party code for export maps: the graph rules only need our files.
      'import/ignore': ['node_modules'],
      'import/resolver': {
        typescript: { alwaysTryTypes: true, project: `${ROOT}/tsconfig.json` },
        node: true,
      },
    },
    rules: {
      // TypeScript (tsc --noEmit) already proves these, and they are the slow import rules.
      'import/no-unresolved': 'off',
      'import/named': 'off',
      'import/namespace': 'off',
      'import/default': 'off',
      'import/no-named-as-default-member': 'off',
      'import/no-duplicates': 'error',
      'import/no-restricted-paths': ['error', { basePath: ROOT, zones: LAYER_ZONES }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' }],
    },
  },

  {
    name: 'shop/browser-code',
    // bench/floor: the speed floor's page (the bare stack), held to the shop's rules.
    files: ['src/**/*.{ts,tsx}', 'bench/**/*.tsx'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    name: 'shop/node-code',
    files: ['scripts/**/*.{js,mjs,cjs,ts}', '*.config.{js,mjs,cjs,ts}', 'bench/**/*.config.ts', '.ci/**/*.{js,mjs}'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    name: 'shop/tests',
    files: ['tests/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
  },

  // React rules where React code lives (Playwright's `use` fixture callback is not a hook).
  {
    name: 'shop/react-hooks',
    files: ['src/**/*.{ts,tsx}', 'tests/ui/**/*.{ts,tsx}', 'bench/**/*.tsx'],
    ...reactHooks.configs.flat.recommended,
    rules: {
      ...reactHooks.configs.flat.recommended.rules,
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    name: 'shop/a11y',
    files: ['src/**/*.tsx', 'tests/ui/**/*.tsx', 'bench/**/*.tsx'],
    ...jsxA11y.flatConfigs.strict,
  },

  {
    name: 'shop/layers/domain-and-ports',
    files: ['src/domain/**/*.{ts,tsx}', 'src/ports/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', CORE_LAYER_PACKAGE_BAN] },
  },
  {
    name: 'shop/layers/ui',
    files: ['src/ui/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', UI_ADAPTER_BAN] },
  },
  // Every end-to-end test fails on a Content-Security-Policy violation: its `test` comes from
  // tests/e2e/fixtures.ts (docs/security.md), never straight from Playwright.
  {
    name: 'shop/e2e-fixtures',
    files: ['tests/e2e/**/*.ts', 'tests/e2e-supabase/**/*.ts'],
    ignores: ['tests/e2e/fixtures.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@playwright/test',
              importNames: ['test'],
              message: 'Import test from tests/e2e/fixtures.ts: it fails the test on a Content-Security-Policy violation.',
            },
          ],
        },
      ],
    },
  },
]);
