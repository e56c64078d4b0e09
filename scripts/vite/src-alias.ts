import { fileURLToPath } from 'node:url';
import type { Alias } from 'vite';

/** `@/x` is src/x, as tsconfig.json's `paths` says: for vite.config.ts and vitest.config.ts (which does not extend it). */
export const SRC_ALIAS: Alias = { find: /^@\//, replacement: fileURLToPath(new URL('../../src/', import.meta.url)) };
