// `vite preview` of a build (the shop's dist/, or the speed floor's) on an explicit IPv4 host and
// port, for the scripts that measure it. Binding fails if anything already listens there, and
// the first answer is compared with the build's index.html, so we never measure some other
// server that happens to answer.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { spawnWithCpuShare } from './cpu-share.mjs';

const START_TIMEOUT_MS = 30_000;

/** What every measurement of the built shop needs; throws a message saying what to do. */
export function assertReadyToMeasure(root, chromiumPath) {
  if (!existsSync(join(root, 'dist', 'index.html'))) {
    throw new Error('dist/index.html is missing: build first (`npm run build`).');
  }
  if (!existsSync(chromiumPath)) {
    throw new Error(`Chromium not found at ${chromiumPath}: install Debian's chromium package (\`apt-get install -y chromium\`) or set CHROMIUM_PATH.`);
  }
}

/** The Vite CLI of this project, to run with `node` (no npx: no lookup, no extra process). */
export function viteBin() {
  const require = createRequire(import.meta.url);
  return join(dirname(require.resolve('vite/package.json')), 'bin', 'vite.js');
}

/**
 * Starts the preview server. `ready` resolves once it serves the build in `outDir` (and rejects,
 * with the server stopped, when it cannot); `stop()` ends it gracefully, `kill()` at once (for
 * signals). `config`: another Vite config than the project's (the speed floor's), whose outDir
 * the caller passes as `outDir`. `cpuShare`: served with a larger share of the CPU (cpu-share.mjs),
 * for the speed bench.
 */
export function launchPreview({ root, host = '127.0.0.1', port, config, outDir = join(root, 'dist'), cpuShare = false }) {
  const configArgs = config ? ['--config', config] : [];
  const args = [viteBin(), 'preview', ...configArgs, '--host', host, '--port', String(port), '--strictPort'];
  const options = { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] };
  const server = cpuShare ? spawnWithCpuShare(process.execPath, args, options).child : spawn(process.execPath, args, options);
  let output = '';
  server.stdout.on('data', (chunk) => (output += chunk));
  server.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise((resolve) => server.once('exit', resolve));
  const url = `http://${host}:${port}`;
  const preview = {
    url,
    kill: () => server.kill('SIGKILL'),
    async stop() {
      if (server.exitCode !== null || server.signalCode !== null) return;
      server.kill('SIGTERM');
      const timer = setTimeout(() => server.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
    },
  };
  preview.ready = waitUntilServing(server, exited, url, outDir, () => output).catch(async (error) => {
    await preview.stop();
    throw error;
  });
  return preview;
}

async function waitUntilServing(server, exited, url, outDir, output) {
  const deadline = Date.now() + START_TIMEOUT_MS;
  let gone = false;
  void exited.then(() => (gone = true));
  while (Date.now() < deadline) {
    if (gone || server.exitCode !== null) {
      throw new Error(`vite preview stopped before serving (port in use?):\n${output()}`);
    }
    try {
      const response = await fetch(`${url}/`);
      if (response.ok) {
        if ((await response.text()) !== readFileSync(join(outDir, 'index.html'), 'utf8')) {
          throw new Error(`Something other than our vite preview answers on ${url} (port already in use?).`);
        }
        return;
      }
    } catch (error) {
      if (!(error instanceof TypeError)) throw error; // fetch's TypeError: not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`vite preview did not answer on ${url} within ${START_TIMEOUT_MS / 1000} s:\n${output()}`);
}
