import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TestInfo } from '@playwright/test';

// The pages the journeys keep (tests/e2e/checkpoints.ts) are read by the Nu Html Checker once,
// after every other test (tests/e2e/html.check.ts, the `html` project that playwright.config.ts
// runs as the suite's teardown): one Java start for the whole suite instead of one a journey.
// Each journey leaves, beside its pages, an index naming each page by its test and state.

const INDEX = 'kept-pages.json';

interface KeptPage {
  file: string;
  label: string;
}

/** Writes the index of the pages a test kept in `folder` (its pages' folder). */
export function keepForHtmlCheck(folder: string, testInfo: TestInfo, kept: readonly KeptPage[]): void {
  if (kept.length === 0) return;
  const test = testInfo.titlePath.slice(1).join(' › ');
  writeFileSync(join(folder, INDEX), JSON.stringify(kept.map(({ file, label }) => ({ file, label: `${test} › ${label}` }))));
}

/** Every page kept under `outputDir` (the suite's test-results), with its label. */
export function keptPages(outputDir: string): KeptPage[] {
  if (!existsSync(outputDir)) return [];
  const found: KeptPage[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name === INDEX) found.push(...(JSON.parse(readFileSync(path, 'utf8')) as KeptPage[]));
    }
  };
  walk(outputDir);
  return found;
}
