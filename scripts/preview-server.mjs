// `vite preview` of dist/ on an explicit IPv4 host and port, for the scripts that measure the
// built shop. Binding fails if anything already listens there, and the first answer is compared
// with dist/index.html, so we never measure some other server that happens to answer.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const START_TIMEOUT_MS = 30_000;

/** What every measurement of the built shop needs; throws a message saying what to do. */
export function assertReadyToMeasure(root, chromiumPath) {
  if (!existsSync(join(root, 'dist', 'index.html'))) {
    throw new Error('dist/index.html is missing: build first (`npm run build`).');
  }
  if (!existsSync(chromiumPath)) {
    throw new Error(
      `Chromium not found at ${chromiumPath}: install Debian's chromium package (\`apt-get install -y chromium\`) or set CHROMIUM_PATH.`,
    );
  }
}

/**
 * Starts the preview server. `ready` resolves once it serves our dist/ (and rejects, with the
 * server stopped, when it cannot); `stop()` ends it gracefully, `kill()` at once (for signals).
 */
export function launchPreview({ root, host = '127.0.0.1', port }) {
  const require = createRequire(import.meta.url);
  const viteBin = join(dirname(require.resolve('vite/package.json')), 'bin', 'vite.js');
  const server = spawn(process.execPath, [viteBin, 'preview', '--host', host, '--port', String(port), '--strictPort'], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
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
  preview.ready = waitUntilServing(server, exited, url, root, () => output).catch(async (error) => {
    await preview.stop();
    throw error;
  });
  return preview;
}

async function waitUntilServing(server, exited, url, root, output) {
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
        if ((await response.text()) !== readFileSync(join(root, 'dist', 'index.html'), 'utf8')) {
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
