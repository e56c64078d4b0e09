import { expect, test } from './fixtures';
import { inStock } from './demo-data';
import { addToCartFromProductPage, toast } from './helpers';

// jsdom lays nothing out: the width a shopper sees is measured here, in Chromium.
test('a toast is at most 420 px wide, as Chromium lays it out', async ({ page }) => {
  const [product] = inStock(1);
  await page.setViewportSize({ width: 1280, height: 800 });
  await addToCartFromProductPage(page, product!.slug);
  await expect(toast(page)).toBeVisible();
  const area = page.getByRole('region', { name: 'Notifications de la boutique (F8)' }).locator('ol');
  expect(await area.evaluate((el) => getComputedStyle(el).maxWidth)).toBe('420px');
  expect((await area.boundingBox())?.width).toBe(420);
});
