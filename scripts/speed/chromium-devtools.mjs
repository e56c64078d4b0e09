// Debian's Chromium with a DevTools port, for Lighthouse: started with the flags of
// scripts/chromium.json, a throw-away profile, and (as root) a larger share of the CPU
// (scripts/speed/cpu-share.mjs says why and how).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import chromiumSettings from '../chromium.json' with { type: 'json' };
import { spawnWithCpuShare } from './cpu-share.mjs';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? chromiumSettings.defaultPath;
export const CHROMIUM_ARGS = chromiumSettings.args;
const START_TIMEOUT_MS = 30_000;

/** Chromium's helper processes may still be writing to the profile as it exits: retry. */
function removeProfile(profile) {
  rmSync(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
}

/**
 * Starts Chromium on a free DevTools port (port 0: Chromium picks and prints it). Resolves to
 * { port, niceness, stop() (graceful, removes the profile), kill() (at once, for signals) }.
 */
export async function startChromium() {
  const profile = mkdtempSync(join(tmpdir(), 'lighthouse-chromium-'));
  const command = CHROMIUM_PATH;
  const args = [...CHROMIUM_ARGS, '--remote-debugging-address=127.0.0.1', '--remote-debugging-port=0', `--user-data-dir=${profile}`, 'about:blank'];
  const { child, niceness } = spawnWithCpuShare(command, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const running = () => child.exitCode === null && child.signalCode === null;
  const handle = {
    niceness,
    async stop() {
      if (running()) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
        await exited;
        clearTimeout(timer);
      }
      removeProfile(profile);
    },
    /** For signal handlers: kills at once, then removes the profile (waits at most 3 s). */
    async kill() {
      child.kill('SIGKILL');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 3_000))]);
      removeProfile(profile);
    },
  };
  let output = '';
  try {
    handle.port = await new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`Chromium did not open its DevTools port within ${START_TIMEOUT_MS / 1000} s:\n${output}`)),
        START_TIMEOUT_MS,
      );
      child.once('error', (error) => {
        clearTimeout(timer);
        reject(new Error(`Could not start ${command}: ${error.message}`));
      });
      void exited.then((code) => {
        clearTimeout(timer);
        reject(new Error(`Chromium exited (code ${code}) before opening its DevTools port:\n${output}`));
      });
      const onData = (chunk) => {
        output += chunk;
        const match = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(output);
        if (match) {
          clearTimeout(timer);
          // From here on Chromium's stderr is drained unread (a full pipe would block it).
          child.stderr.off('data', onData);
          child.stderr.resume();
          resolve(Number(match[1]));
        }
      };
      child.stderr.on('data', onData);
    });
  } catch (error) {
    await handle.kill();
    throw error;
  }
  return handle;
}
