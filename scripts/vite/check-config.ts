import type { Plugin } from 'vite';
import { checkConfig } from '../../src/app/read-config';

/**
 * Stops the build (and the dev server) when the shop's variables are missing or malformed,
 * with the message of src/app/read-config.ts: the variable's name and the README section.
 * readConfig, in the same file, reads the checked values again in the browser.
 */
export function checkShopConfig(): Plugin {
  return {
    name: 'shop:check-config',
    configResolved(resolved) {
      try {
        checkConfig(resolved.env);
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        throw new Error(`Shop configuration: ${message}`);
      }
    },
  };
}
