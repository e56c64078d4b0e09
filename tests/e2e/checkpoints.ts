import { mkdirSync, writeFileSync } from 'node:fs';
import { type Page } from '@playwright/test';
import { expect, test as base } from './fixtures';
import { expectNoViolations } from './axe';
import { htmlErrors } from './vnu';

// Issue 24: every page a journey visits, in each state it reaches, is looked at. A journey calls
// `checkpoint(name)` at each state: the page is attached to the test's report as a full-page
// screenshot (named with its width), nothing on it is wider than the screen, it is audited by axe
// at once, and its HTML as the browser then holds it is kept; once the journey ends, the Nu Html
// Checker reads every page it kept in one go. `{ axe: false }`: a page the journey has already had
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
    if (kept.length === 0) return;
    const labels = new Map(kept.map(({ file, label }) => [file, label]));
    expect(
      await htmlErrors(
        kept.map(({ file }) => file),
        (path) => labels.get(path) ?? path,
      ),
      'Nu Html Checker errors in the pages of this journey',
    ).toEqual([]);
  },
});

function widthOf(page: Page): number {
  return page.viewportSize()?.width ?? 0;
}

export { expect };
