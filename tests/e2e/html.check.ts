import { resolve } from 'node:path';
import { expect, test } from './fixtures';
import { keptPages } from './html-check';
import { CATEGORY_PAGE, LEGAL_PAGE, PRODUCT_PAGE } from './prerendered';
import { htmlErrors } from './vnu';

// The suite's teardown (the `html` project of playwright.config.ts): the Nu Html Checker reads,
// in one Java start, every page the journeys kept at their checkpoints and the pages the build
// wrote (each page kind and the shell, as a search engine reads them before any script).

/** The build's pages of every kind, and the shell every other address gets. */
const BUILT_PAGES = ['index.html', 'boutique.html', ...[CATEGORY_PAGE, PRODUCT_PAGE, LEGAL_PAGE].map((page) => `${page.path.slice(1)}.html`), 'shell.html'];

/**
 * Java starts, then checks a few hundred files: 8–20 s measured with the machine otherwise idle,
 * under half of this on a machine twice as slow.
 */
const VNU_TIMEOUT_MS = 120_000;

test('every page the journeys showed, and every page kind the build wrote, passes the Nu Html Checker with no error', async () => {
  test.setTimeout(VNU_TIMEOUT_MS);
  const testInfo = test.info();
  const outputDir = testInfo.project.outputDir;
  const kept = keptPages(outputDir);
  const built = BUILT_PAGES.map((file) => ({ file: resolve('dist', file), label: `dist/${file}` }));
  const labels = new Map([...kept, ...built].map(({ file, label }) => [resolve(file), label]));
  const errors = await htmlErrors([...labels.keys()], (path) => labels.get(path) ?? path);
  testInfo.annotations.push({ type: 'pages checked', description: `${kept.length} kept by the journeys, ${built.length} built` });
  expect(errors, 'Nu Html Checker errors').toEqual([]);
});
