import { expect, test as base, type Browser, type BrowserContext, type ConsoleMessage } from '@playwright/test';

// Every end-to-end test (tests/e2e and tests/e2e-supabase) imports `test` from here: it fails
// when the shop's headers refuse anything on any of its pages or workers. Chromium reports each
// Content-Security-Policy violation (a script, a stylesheet, a picture or a request the policy
// does not allow: docs/security.md) and each feature of the Permissions-Policy it does not know
// in the console of the page or worker; the fixture collects those messages from the test's own
// context, from every context the test opens with `browser.newContext`, and from any context it
// hands to `watchHeaders` (a persistent profile), and the test fails listing them.

/** What Chromium writes when a header of the page refuses something or is malformed. */
const REFUSED = /Content Security Policy|Content-Security-Policy|Permissions-Policy/i;

/** Collects into `refused` every message of `context`'s pages and workers about the headers. */
export function watchHeaders(context: BrowserContext, refused: string[]): void {
  const listen = (message: ConsoleMessage) => {
    if (REFUSED.test(message.text())) refused.push(`${message.location().url || '(no address)'}: ${message.text()}`);
  };
  context.on('console', listen);
  for (const worker of context.serviceWorkers()) worker.on('console', listen);
  context.on('serviceworker', (worker) => worker.on('console', listen));
}

export const test = base.extend<{ refusedByHeaders: string[] }>({
  refusedByHeaders: [
    async ({ context, browser }, use) => {
      const refused: string[] = [];
      watchHeaders(context, refused);
      const own = browser as Browser & { newContext: Browser['newContext'] };
      const newContext = own.newContext;
      own.newContext = async (options) => {
        const opened = await newContext.call(browser, options);
        watchHeaders(opened, refused);
        return opened;
      };
      try {
        await use(refused);
      } finally {
        own.newContext = newContext;
      }
      expect(refused, 'nothing refused by the Content-Security-Policy or the Permissions-Policy').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
