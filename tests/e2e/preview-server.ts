import { spawn } from 'node:child_process';
import { join } from 'node:path';

// A `vite preview` of its own for the tests that deploy versions (update.spec.ts,
// deploy.spec.ts): the headers every other end-to-end test gets, on a folder and port of the
// test's own, so the shared dist/ and server are never touched.

const VITE = join(process.cwd(), 'node_modules', 'vite', 'bin', 'vite.js');
const SERVER_START_TIMEOUT_MS = 30_000;

export interface PreviewServer {
  stop(): Promise<void>;
}

/** Serves `outDir` at http://host:port; resolves once it answers /sw.js. */
export async function startPreview(outDir: string, host: string, port: number): Promise<PreviewServer> {
  const child = spawn(process.execPath, [VITE, 'preview', '--outDir', outDir, '--host', host, '--port', String(port), '--strictPort'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const server: PreviewServer = {
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
    },
  };
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const deadline = Date.now() + SERVER_START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`vite preview stopped (port ${port} in use?):\n${output}`);
    try {
      if ((await fetch(`http://${host}:${port}/sw.js`)).ok) return server;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  await server.stop();
  throw new Error(`vite preview did not answer on http://${host}:${port}:\n${output}`);
}
