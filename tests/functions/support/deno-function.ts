import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';

const ROOT = join(import.meta.dirname, '..', '..', '..');
/** The npm `deno` package's binary (its platform package brings it; nothing is downloaded). */
export const DENO = join(ROOT, 'node_modules', '.bin', 'deno');

export interface RunningFunction {
  origin: string;
  /** Everything the function printed (its logs: the log mail provider writes there). */
  output(): string;
  /** Resolves once the output contains `text` (Deno's stdout reaches us after its HTTP answer may). */
  waitForOutput(text: string, timeoutMs?: number): Promise<void>;
  stop(): Promise<void>;
}

const running = new Set<ChildProcess>();
// However the test run ends, no Deno server is left behind.
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

/**
 * Starts supabase/functions/<name>/index.ts under Deno as Supabase runs it (Deno.serve), with
 * these environment variables only, on a free port: DENO_SERVE_ADDRESS port 0, and the port
 * read from Deno's « Listening on » line (no polling, no race for a port). Rejects after
 * `timeoutMs` or when Deno exits first.
 */
export function startFunction(name: string, env: Record<string, string>, timeoutMs = 60_000): Promise<RunningFunction> {
  const entry = join(ROOT, 'supabase', 'functions', name, 'index.ts');
  const child = spawn(DENO, ['run', '--no-lock', '--node-modules-dir=manual', '--no-prompt', '--allow-env', '--allow-net', '--allow-read', entry], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      NO_COLOR: '1',
      DENO_NO_UPDATE_CHECK: '1',
      DENO_SERVE_ADDRESS: 'tcp:127.0.0.1:0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  let output = '';
  const waiters = new Set<() => void>();
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  exited.then(() => running.delete(child));

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const killer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(killer);
    }
  };

  const waitForOutput = (text: string, timeoutMs = 10_000) =>
    new Promise<void>((resolve, reject) => {
      const check = () => {
        if (!output.includes(text)) return;
        waiters.delete(check);
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(() => {
        waiters.delete(check);
        reject(new Error(`${name} never printed ${JSON.stringify(text)}:\n${output}`));
      }, timeoutMs);
      waiters.add(check);
      check();
    });

  return new Promise<RunningFunction>((resolve, reject) => {
    const timer = setTimeout(() => {
      void stop();
      reject(new Error(`${name} did not start within ${timeoutMs} ms:\n${output}`));
    }, timeoutMs);
    const onData = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      for (const check of [...waiters]) check();
      const match = /Listening on http:\/\/127\.0\.0\.1:(\d+)\//.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve({ origin: `http://127.0.0.1:${match[1]}`, output: () => output, waitForOutput, stop });
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    void exited.then(() => {
      clearTimeout(timer);
      reject(new Error(`${name} exited before listening (code ${child.exitCode}):\n${output}`));
    });
  });
}
