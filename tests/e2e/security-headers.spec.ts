import { createHash } from 'node:crypto';
import type { APIResponse, Page } from '@playwright/test';
import { DEMO_PRODUCTS } from './demo-data';
import { expect, test } from './fixtures';

// Issue 27: the headers `npm start` (vite preview on the build) sends, as dist/_headers gives
// them to a static host (scripts/vite/security-headers.ts, docs/security.md).

const PRODUCT = DEMO_PRODUCTS[0]!;
const HTML = { Accept: 'text/html' };

/** The policy's directives by name: 'script-src' → ["'self'", "'sha256-…'"]. */
function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...sources]) => [name!, sources]),
  );
}

function expectSecurityHeaders(response: APIResponse) {
  const headers = response.headers();
  const policy = directives(headers['content-security-policy'] ?? '');
  expect(policy.get('default-src')).toEqual(["'self'"]);
  // Scripts: the shop's files and hashed inline scripts only; nothing inline or evaluated otherwise.
  expect(policy.get('script-src')?.[0]).toBe("'self'");
  for (const source of policy.get('script-src')!.slice(1)) expect(source).toMatch(/^'sha256-[\w+/]+=*'$/);
  expect(headers['content-security-policy']).not.toMatch(/unsafe-inline|unsafe-eval|\*/);
  // The local build talks to nothing but itself.
  expect(policy.get('connect-src')).toEqual(["'self'"]);
  expect(policy.get('object-src')).toEqual(["'none'"]);
  expect(policy.get('base-uri')).toEqual(["'self'"]);
  expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  for (const feature of ['camera', 'microphone', 'geolocation', 'payment', 'usb']) expect(headers['permissions-policy']).toContain(`${feature}=()`);
}

/** The SHA-256 of each inline script the browser runs (JSON and JSON-LD are data). */
function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(/<script(?![^>]*\b(?:src|type)=)[^>]*>([\s\S]*?)<\/script>/g)].map(
    ([, body]) => `'sha256-${createHash('sha256').update(body!, 'utf8').digest('base64')}'`,
  );
}

for (const [what, path] of [
  ['the home page', '/'],
  ['a prerendered product page', `/produit/${PRODUCT.slug}`],
  ['a page served by the shell', '/panier'],
] as const) {
  test(`${what} carries the security headers, a policy naming its inline scripts, and is revalidated at each visit`, async ({ request }) => {
    const response = await request.get(path, { headers: HTML });
    expect(response.status()).toBe(200);
    expectSecurityHeaders(response);
    expect(response.headers()['cache-control']).toBe('no-cache');
    const scriptSrc = directives(response.headers()['content-security-policy']!).get('script-src')!;
    const inline = inlineScriptHashes(await response.text());
    expect(inline.length).toBeGreaterThan(0);
    for (const hash of inline) expect(scriptSrc).toContain(hash);
  });
}

test('the service worker is revalidated at each visit and the hashed assets are kept for a year', async ({ request }) => {
  const worker = await request.get('/sw.js');
  expect(worker.status()).toBe(200);
  expectSecurityHeaders(worker);
  expect(worker.headers()['cache-control']).toBe('no-cache');

  // The main chunk, which the shell's HTML downloads from the start.
  const html = await (await request.get('/panier', { headers: HTML })).text();
  const asset = /href="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
  expect(asset).toBeDefined();
  const chunk = await request.get(asset!);
  expect(chunk.status()).toBe(200);
  expectSecurityHeaders(chunk);
  expect(chunk.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
});

/** Adds an inline script to the page and says whether it ran. */
function injectScript(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const script = document.createElement('script');
    script.textContent = 'window.__injected = true';
    document.body.append(script);
    return (window as { __injected?: boolean }).__injected === true;
  });
}

test('a script injected into a page is refused, and the refusal fails the test, in its own context as in one it opens', async ({
  page,
  browser,
  refusedByHeaders,
}) => {
  await page.goto('/');
  await expect(page.getByTestId('cart-count')).toHaveText(/^\d+$/);
  expect(await injectScript(page)).toBe(false);
  await expect.poll(() => refusedByHeaders.length).toBe(1);
  expect(refusedByHeaders[0]).toMatch(/Content Security Policy directive.*script-src/);

  const other = await browser.newContext();
  const second = await other.newPage();
  await second.goto('/panier');
  await expect(second.getByTestId('cart-count')).toHaveText(/^\d+$/);
  expect(await injectScript(second)).toBe(false);
  await expect.poll(() => refusedByHeaders.length).toBe(2);
  await other.close();
  // The refusals this test caused on purpose; any other still fails it.
  refusedByHeaders.length = 0;
});
