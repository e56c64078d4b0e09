import { expect, test } from './fixtures';
import { LEGACY_KEYS_OF_THE_SPEC } from '../support/legacy-storage-keys';
import { untilTakenOver } from './helpers';

// Spec §4 and §9 in Chromium: what start-up does to the page, to storage and to the network.

test('start-up forces the light theme: a page turned dark before the shop starts is light again', async ({ page }) => {
  // index.html already says class="light": turn it dark after parsing, just before the module
  // scripts run ('interactive' comes first), as a theme left by an older version would.
  await page.addInitScript(() => {
    document.addEventListener('readystatechange', () => {
      if (document.readyState !== 'interactive') return;
      const html = document.documentElement;
      html.classList.replace('light', 'dark');
      html.style.colorScheme = 'dark';
      (window as unknown as { themeBeforeStartUp: string }).themeBeforeStartUp = html.className;
    });
  });
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { themeBeforeStartUp: string }).themeBeforeStartUp)).toBe('dark');
  const html = page.locator('html');
  await expect(html).toHaveClass('light');
  expect(await html.evaluate((el) => getComputedStyle(el).colorScheme)).toBe('light');
});

test('start-up removes the eight legacy theme and site-lock keys and keeps the others', async ({ page }) => {
  const legacy = LEGACY_KEYS_OF_THE_SPEC;
  await page.addInitScript((keys) => {
    if (sessionStorage.getItem('seeded')) return;
    for (const key of keys) localStorage.setItem(key, 'ancienne valeur');
    localStorage.setItem('cart', '[]');
    sessionStorage.setItem('seeded', '1');
  }, legacy);
  await page.goto('/');
  // The home page is prerendered: its heading shows before the shop's code has run.
  await untilTakenOver(page);
  const left = await page.evaluate((keys) => keys.filter((key) => localStorage.getItem(key) !== null), legacy);
  expect(left).toEqual([]);
  expect(await page.evaluate(() => localStorage.getItem('cart'))).toBe('[]');
});

test('after load, three stock images are preloaded and each answers 200 with an image', async ({ page }) => {
  const answers: { path: string; status: number; type: string }[] = [];
  page.on('response', (response) => {
    const path = new URL(response.url()).pathname;
    // Catalogue pictures live in /images/catalogue/; every demo product has its own pictures,
    // so on the home page /images/stock/ is asked for by the preload alone.
    if (response.request().resourceType() === 'image' && path.startsWith('/images/stock/')) {
      answers.push({ path, status: response.status(), type: response.headers()['content-type'] ?? '' });
    }
  });
  await page.goto('/');
  await expect.poll(() => answers.length).toBe(3);
  expect(new Set(answers.map((a) => a.path)).size).toBe(3);
  for (const answer of answers) {
    expect(answer).toEqual({ path: answer.path, status: 200, type: expect.stringMatching(/^image\//) });
  }
});
