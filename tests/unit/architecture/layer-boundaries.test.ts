import { readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

// Proves that eslint.config.js turns ARCHITECTURE.md's direction of imports into lint errors,
// by linting small virtual files placed in each layer (nothing is written to disk).

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

type Layer = 'domain' | 'ports' | 'adapters' | 'ui' | 'app';

// Real files to import: import/no-restricted-paths only judges imports that resolve.
const STABLE_TARGETS: Partial<Record<Layer, string>> = {
  ports: 'src/ports/clock.ts',
  adapters: 'src/adapters/memory/memory-key-value-store.ts',
};

function firstSourceFile(dir: string): string | undefined {
  for (const name of readdirSync(join(ROOT, dir)).sort()) {
    const path = `${dir}/${name}`;
    if (statSync(join(ROOT, path)).isDirectory()) {
      const nested = firstSourceFile(path);
      if (nested) return nested;
    } else if (/\.tsx?$/.test(name) && !name.endsWith('.d.ts')) {
      return path;
    }
  }
  return undefined;
}

function targetIn(layer: Layer): string {
  const target = STABLE_TARGETS[layer] ?? firstSourceFile(`src/${layer}`);
  if (!target) throw new Error(`No source file in src/${layer} to import from`);
  return target;
}

/** The virtual file of a layer; src/ui holds React components, hence .tsx. */
function probeIn(layer: Layer): string {
  return `src/${layer}/layer-probe.${layer === 'ui' ? 'tsx' : 'ts'}`;
}

/** The relative specifier a file at `from` would write to import `to` (no extension). */
function specifier(from: string, to: string): string {
  const path = relative(dirname(from), to.replace(/\.tsx?$/, ''))
    .split(sep)
    .join('/');
  return path.startsWith('.') ? path : `./${path}`;
}

/** The same import through the `@/` alias of src/ (tsconfig.json `paths`), as the code writes it across layers. */
function aliased(to: string): string {
  return `@/${to.replace(/^src\//, '').replace(/\.tsx?$/, '')}`;
}

/** Both ways a file may name another: relative, and through the alias. */
const SPECIFIERS = [
  { style: 'relative', of: specifier },
  { style: '@/ alias', of: (_from: string, to: string) => aliased(to) },
] as const;

let eslint: ESLint;

beforeAll(() => {
  // The project's own eslint.config.js.
  eslint = new ESLint({ cwd: ROOT });
});

async function lint(filePath: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: join(ROOT, filePath) });
  if (!result) throw new Error(`ESLint returned no result for ${filePath}`);
  return result.messages;
}

async function errorsOf(filePath: string, code: string) {
  const messages = await lint(filePath, code);
  return messages.filter((m) => m.severity === 2).map((m) => ({ ruleId: m.ruleId, message: m.message }));
}

describe('layer boundaries are lint errors', { timeout: 30_000 }, () => {
  describe('src/domain and src/ports stay free of frameworks and SDKs', () => {
    const banned = [
      "import { useState } from 'react';",
      "import type { ReactNode } from 'react';",
      "import { createRoot } from 'react-dom/client';",
      "import { jsx } from 'react/jsx-runtime';",
      "import { container } from 'tsyringe';",
      "import 'reflect-metadata';",
      "import { createClient } from '@supabase/supabase-js';",
      "import { QueryClient } from '@tanstack/react-query';",
      "import { useNavigate } from 'react-router-dom';",
      "export { useState } from 'react';",
    ];

    for (const layer of ['domain', 'ports'] as const) {
      for (const code of banned) {
        it(`src/${layer}: ${code} fails with no-restricted-imports`, async () => {
          const errors = await errorsOf(probeIn(layer), `${code}\n`);
          expect(errors).toContainEqual({
            ruleId: 'no-restricted-imports',
            message: expect.stringContaining('Layer rule broken: src/domain and src/ports'),
          });
        });
      }
    }

    it('src/domain may parse stored data with valibot', async () => {
      const code = "import * as v from 'valibot';\n\nexport const Email = v.string();\n";
      expect(await lint(probeIn('domain'), code)).toEqual([]);
    });
  });

  describe('src/ui never reaches an adapter, even one that does not exist yet', () => {
    it('importing ../adapters/local-storage/local-storage-key-value-store fails', async () => {
      const errors = await errorsOf(
        probeIn('ui'),
        "import { LocalStorageKeyValueStore } from '../adapters/local-storage/local-storage-key-value-store';\n\nexport const Store = LocalStorageKeyValueStore;\n",
      );
      expect(errors).toContainEqual({
        ruleId: 'no-restricted-imports',
        message: expect.stringContaining('Layer rule broken: src/ui may not import src/adapters'),
      });
    });

    it('importing @/adapters/local-storage/local-storage-key-value-store fails', async () => {
      const errors = await errorsOf(
        probeIn('ui'),
        "import { LocalStorageKeyValueStore } from '@/adapters/local-storage/local-storage-key-value-store';\n\nexport const Store = LocalStorageKeyValueStore;\n",
      );
      expect(errors).toContainEqual({
        ruleId: 'no-restricted-imports',
        message: expect.stringContaining('Layer rule broken: src/ui may not import src/adapters'),
      });
    });

    for (const { style, of } of SPECIFIERS) {
      it(`importing an existing adapter (${style}) fails with both layer rules`, async () => {
        const errors = await errorsOf(probeIn('ui'), `import '${of(probeIn('ui'), targetIn('adapters'))}';\n`);
        expect(errors.map((e) => e.ruleId).sort()).toEqual(['import/no-restricted-paths', 'no-restricted-imports']);
      });
    }
  });

  describe('the direction of imports between layers', () => {
    const forbidden: ReadonlyArray<readonly [Layer, Layer]> = [
      ['domain', 'adapters'],
      ['domain', 'ui'],
      ['domain', 'app'],
      ['ports', 'adapters'],
      ['ports', 'ui'],
      ['ports', 'app'],
      ['ui', 'adapters'],
      ['ui', 'app'],
      ['adapters', 'ui'],
      ['adapters', 'app'],
    ];

    for (const { style, of } of SPECIFIERS) {
      for (const [from, to] of forbidden) {
        it(`src/${from} importing src/${to} (${style}) fails with import/no-restricted-paths`, async () => {
          const probe = probeIn(from);
          const errors = await errorsOf(probe, `import '${of(probe, targetIn(to))}';\n`);
          expect(errors).toContainEqual({
            ruleId: 'import/no-restricted-paths',
            message: expect.stringContaining(`Layer rule broken: src/${from} may`),
          });
        });
      }
    }

    const allowed: ReadonlyArray<readonly [Layer, Layer]> = [
      ['domain', 'domain'],
      ['domain', 'ports'],
      ['ports', 'domain'],
      ['ui', 'domain'],
      ['ui', 'ports'],
      ['adapters', 'ports'],
      ['adapters', 'domain'],
      ['app', 'adapters'],
      ['app', 'ui'],
      ['app', 'domain'],
      ['app', 'ports'],
    ];

    for (const { style, of } of SPECIFIERS) {
      for (const [from, to] of allowed) {
        it(`src/${from} importing src/${to} (${style}) passes`, async () => {
          const probe = probeIn(from);
          const target = targetIn(to);
          expect(await lint(probe, `import '${of(probe, target)}';\n`), `importing ${target}`).toEqual([]);
        });
      }
    }
  });
});
