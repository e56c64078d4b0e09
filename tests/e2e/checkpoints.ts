import { mkdirSync, writeFileSync } from 'node:fs';
import { type Page } from '@playwright/test';
import { expect, test as base } from './fixtures';
import { expectNoViolations } from './axe';
import { keepForHtmlCheck } from './html-check';

// Issue 24: every page a journey visits, in each state it reaches, is looked at. A journey calls
// `checkpoint(name)` at each state: the page is attached to the test's report as a full-page
// screenshot (named with its width), nothing on it is wider than the screen, it is audited by axe
// at once, and its HTML as the browser then holds it is kept; once every test of the suite has
// run, the Nu Html Checker reads every page the journeys kept in one go (tests/e2e/html.check.ts:
// one Java start for the whole suite). `{ axe: false }`: a page the journey has already had
// audited, shown again with other data (axe takes seconds a page on a loaded machine). `{ page }`:
// a page of another browser than the test's (tests/e2e/desktop-notifications.ts).

export type Checkpoint = (name: string, options?: { axe?: boolean; page?: Page }) => Promise<void>;

export const test = base.extend<{ checkpoint: Checkpoint }>({
  checkpoint: async ({ page: testPage }, use, testInfo) => {
    const kept: { file: string; label: string }[] = [];
    const folder = testInfo.outputPath('pages');
    mkdirSync(folder, { recursive: true });
    await use(async (name, { axe = true, page = testPage } = {}) => {
      const label = `${name} (${widthOf(page)} px)`;
      const stem = `${folder}/${String(kept.length + 1).padStart(2, '0')}`;
      // Animations finished first (a toast coming in or going out is half transparent): the page
      // is pictured and audited as it stands once they end.
      await page.screenshot({ path: `${stem}.png`, fullPage: true, animations: 'disabled' });
      await testInfo.attach(label, { path: `${stem}.png`, contentType: 'image/png' });
      expect(await page.evaluate(() => document.documentElement.scrollWidth), `${label}: nothing wider than the screen`).toBeLessThanOrEqual(widthOf(page));
      if (axe) await expectNoViolations(page, testInfo, label);
      const file = `${stem}.html`;
      writeFileSync(file, await page.content());
      kept.push({ file, label });
    });
    keepForHtmlCheck(folder, testInfo, kept);
  },
});

function widthOf(page: Page): number {
  return page.viewportSize()?.width ?? 0;
}

export { expect };
