import type { Plugin } from 'vite';
import { readConfig } from '../../src/app/read-config';

/**
 * Stops the build (and the dev server) when the shop's variables are missing or malformed,
 * with the message of src/app/read-config.ts: the variable's name and the README section.
 * The same function reads them again in the browser, so what was checked is what runs.
 */
export function checkShopConfig(): Plugin {
  return {
    name: 'shop:check-config',
    configResolved(resolved) {
      try {
        readConfig(resolved.env);
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        throw new Error(`Shop configuration: ${message}`);
      }
    },
  };
}
