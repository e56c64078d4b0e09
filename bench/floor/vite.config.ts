// The speed floor's build: the shop's Vite and React plugin, the shop's build target, and
// nothing else (no PWA, no first-paint hints). Built and served by scripts/speed/bench-floor.mjs;
// `vite build --config bench/floor/vite.config.ts` writes .bench/floor-dist (git-ignored).
import react from '@vitejs/plugin-react';
import { join } from 'node:path';
import { defineConfig } from 'vite';

export default defineConfig({
  root: import.meta.dirname,
  plugins: [react()],
  logLevel: 'warn',
  build: {
    target: 'es2022',
    sourcemap: false,
    outDir: join(import.meta.dirname, '..', '..', '.bench', 'floor-dist'),
    emptyOutDir: true,
  },
});
