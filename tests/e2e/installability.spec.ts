import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { expect, test, watchHeaders } from './fixtures';
import { CHROMIUM_ARGS, CHROMIUM_PATH, E2E_BASE_URL } from '../../playwright.config';
import { faviconFrom, renderIcons, SOURCE } from '../../scripts/generate/icons.mjs';

// Lighthouse 12 no longer has installability audits: Chromium's own check (the one behind the
// browser's install button) is asked through DevTools instead. It answers « in-incognito »
// for every ordinary Playwright context, so this test opens a real, persistent profile.

interface ManifestIcon {
  src: string;
  sizes: string;
  type: string;
  purpose?: string;
}

const BRAND = '#1f4e5f';

/** `refused`: the test's refusedByHeaders (tests/e2e/fixtures.ts), which this profile reports to as well. */
async function openWithProfile(refused: string[], run: (page: Page) => Promise<void>) {
  const profile = mkdtempSync(join(tmpdir(), 'boutique-installable-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
    headless: true,
    locale: 'fr-FR',
    // The test runner gives this context playwright.config.ts's options, which block workers.
    serviceWorkers: 'allow',
  });
  watchHeaders(context, refused);
  try {
    await run(context.pages()[0] ?? (await context.newPage()));
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
  }
}

interface IconFacts {
  width: number;
  height: number;
  /** Alpha of the top-left pixel. */
  cornerAlpha: number;
  /** Pixels not fully opaque. */
  translucent: number;
  /** Pixels that are not the tile's colour: the mark. */
  markPixels: number;
  /** Mark pixels (or holes) outside the maskable safe zone, a circle of radius 40 % of the width. */
  markOutsideSafeZone: number;
}

/** Decodes an icon of the shop in the page and measures it (the pixels never leave the browser). */
function inspectIcon(page: Page, src: string): Promise<IconFacts> {
  return page.evaluate(
    async ({ url, tile }) => {
      const image = new Image();
      image.src = url;
      await image.decode();
      const { naturalWidth: width, naturalHeight: height } = image;
      const canvas = document.createElement('canvas');
      canvas.width = width;
      canvas.height = height;
      const context = canvas.getContext('2d');
      if (!context) throw new Error('no 2D canvas');
      context.drawImage(image, 0, 0);
      const data = context.getImageData(0, 0, width, height).data;
      const safeRadius = 0.4 * width;
      let translucent = 0;
      let markPixels = 0;
      let markOutsideSafeZone = 0;
      for (let y = 0; y < height; y++) {
        for (let x = 0; x < width; x++) {
          const i = (y * width + x) * 4;
          const alpha = data[i + 3]!;
          if (alpha < 255) translucent += 1;
          const isTile = alpha === 255 && [0, 1, 2].every((c) => Math.abs(data[i + c]! - tile[c]!) <= 2);
          if (isTile) continue;
          markPixels += 1;
          if (Math.hypot(x + 0.5 - width / 2, y + 0.5 - height / 2) > safeRadius) markOutsideSafeZone += 1;
        }
      }
      return { width, height, cornerAlpha: data[3]!, translucent, markPixels, markOutsideSafeZone };
    },
    { url: src, tile: [0x1f, 0x4e, 0x5f] },
  );
}

test('Chromium finds the built shop installable, with a French manifest and its icons', async ({ refusedByHeaders }) => {
  await openWithProfile(refusedByHeaders, async (page) => {
    await page.goto(`${E2E_BASE_URL}/`);
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));

    const cdp = await page.context().newCDPSession(page);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    expect(installabilityErrors).toEqual([]);

    const { url, errors, data } = await cdp.send('Page.getAppManifest');
    expect(errors).toEqual([]);
    expect(new URL(url).pathname).toBe('/manifest.webmanifest');
    const manifest = JSON.parse(data ?? '{}') as Record<string, unknown> & { icons: ManifestIcon[] };
    expect(manifest).toMatchObject({
      id: '/',
      name: 'La Petite Boutique',
      short_name: 'Boutique',
      lang: 'fr',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: BRAND,
      background_color: '#ffffff',
      categories: ['shopping'],
    });
    expect(manifest.description).toBe(
      'La Petite Boutique\u00a0: céramique, textile et papeterie pour la maison, choisis avec soin et expédiés depuis la France.',
    );
    expect(manifest.icons.map(({ sizes, purpose }) => `${sizes} ${purpose}`).sort()).toEqual(['192x192 any', '512x512 any', '512x512 maskable']);

    // The manifest's colours are the page's: the CSS brand colour and the meta theme-color.
    const shown = await page.evaluate(() => ({
      brand: getComputedStyle(document.documentElement).getPropertyValue('--brand').trim(),
      themeColor: document.querySelector('meta[name="theme-color"]')?.getAttribute('content'),
      appleTouchIcon: document.querySelector('link[rel="apple-touch-icon"]')?.getAttribute('href'),
    }));
    expect(shown).toEqual({ brand: BRAND, themeColor: BRAND, appleTouchIcon: '/apple-touch-icon.png' });

    // The worker sits at the site root and controls all of it.
    const worker = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.ready;
      return { scope: registration.scope, script: registration.active?.scriptURL };
    });
    expect(worker).toEqual({ scope: `${E2E_BASE_URL}/`, script: `${E2E_BASE_URL}/sw.js` });

    // Every icon has the size it claims.
    for (const icon of [...manifest.icons, { src: '/apple-touch-icon.png', sizes: '180x180', type: 'image/png' }]) {
      const { width, height } = await inspectIcon(page, icon.src);
      expect(`${width}x${height}`, icon.src).toBe(icon.sizes);
    }
  });
});

test('the maskable icon keeps the bag inside the safe zone; the apple-touch icon is opaque', async ({ page }) => {
  await page.goto('/');
  const maskable = await inspectIcon(page, '/icons/maskable-512.png');
  expect(maskable.markPixels, 'the bag is drawn').toBeGreaterThan(1000);
  // Outside the safe zone, nothing but the full-bleed tile (no mark, no transparency).
  expect(maskable.markOutsideSafeZone).toBe(0);

  const apple = await inspectIcon(page, '/apple-touch-icon.png');
  expect(apple.translucent).toBe(0);
  expect(apple.markPixels).toBeGreaterThan(100);

  // The "any" icons keep the rounded tile: their corners are transparent.
  for (const src of ['/icons/icon-192.png', '/icons/icon-512.png']) {
    expect((await inspectIcon(page, src)).cornerAlpha, src).toBe(0);
  }
});

test('every icon is drawn from assets/icon.svg as it is now (else: npm run icons)', async ({ browser, page }) => {
  const source = readFileSync(SOURCE, 'utf8');
  expect(readFileSync('public/favicon.svg', 'utf8'), 'public/favicon.svg').toBe(faviconFrom(source));
  await page.goto('/');
  for (const icon of await renderIcons(browser, source)) {
    const committed = readFileSync(join('public', icon.path));
    // Compared as pixels, not bytes: another Chromium may encode the same picture differently.
    const differing = await page.evaluate(
      async ([fresh, kept]) => {
        const decode = async (base64: string) => {
          const image = new Image();
          image.src = `data:image/png;base64,${base64}`;
          await image.decode();
          const canvas = document.createElement('canvas');
          canvas.width = image.naturalWidth;
          canvas.height = image.naturalHeight;
          const context = canvas.getContext('2d');
          if (!context) throw new Error('no 2D canvas');
          context.drawImage(image, 0, 0);
          return context.getImageData(0, 0, canvas.width, canvas.height).data;
        };
        const [a, b] = await Promise.all([decode(fresh), decode(kept)]);
        if (a.length !== b.length) return -1;
        let count = 0;
        for (let i = 0; i < a.length; i += 4) {
          if ([0, 1, 2, 3].some((c) => Math.abs(a[i + c]! - b[i + c]!) > 8)) count += 1;
        }
        return count;
      },
      [icon.png.toString('base64'), committed.toString('base64')] as const,
    );
    expect(differing, `public/${icon.path} differs from assets/icon.svg: run npm run icons`).toBe(0);
  }
});
