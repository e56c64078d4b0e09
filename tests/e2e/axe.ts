import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, type Page, type TestInfo } from '@playwright/test';
import type { AxeResults, RunOptions } from 'axe-core';

// The axe-core audit of a page, as every accessibility test runs it: WCAG 2.1 A and AA plus
// axe’s best practices; any violation fails, whatever its impact.
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

/**
 * axe-core itself, put in the page once per document (a journey's links keep it) and run there.
 * The shop has no frames, so nothing of @axe-core/playwright's frame-by-frame run is needed, and its
 * finishing in a page of its own made an audit take 1.3–2 s where axe.run takes 0.2–0.4 s.
 */
const AXE_SOURCE = readFileSync(fileURLToPath(import.meta.resolve('axe-core/axe.min.js')), 'utf8');
const RUN_OPTIONS: RunOptions = { runOnly: { type: 'tag', values: AXE_TAGS }, resultTypes: ['violations'] };

async function audit(page: Page): Promise<AxeResults> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  return page.evaluate((options) => (window as unknown as { axe: typeof import('axe-core') }).axe.run(document, options), RUN_OPTIONS);
}

/** Violations, one block each: rule, impact, help, and every failing element's target. */
function describeViolations(violations: AxeResults['violations']): string {
  return violations
    .map((violation) => {
      const nodes = violation.nodes.map((node) => {
        const target = node.target.map((part) => (Array.isArray(part) ? part.join(' >>> ') : part)).join(' ');
        const why = node.failureSummary
          ?.split('\n')
          .slice(1, 3)
          .map((s) => s.trim())
          .join(' / ');
        return `    - ${target}${why ? `\n      ${why}` : ''}`;
      });
      return `  ${violation.id} [${violation.impact ?? 'no impact'}] ${violation.help}\n    ${violation.helpUrl}\n${nodes.join('\n')}`;
    })
    .join('\n');
}

export async function expectNoViolations(page: Page, testInfo: TestInfo, what: string) {
  const results = await audit(page);
  if (results.violations.length > 0) {
    await testInfo.attach(`axe violations (${what})`, {
      body: JSON.stringify(results.violations, null, 2),
      contentType: 'application/json',
    });
  }
  expect(
    results.violations.length,
    `${results.violations.length} accessibility violation(s) on ${what} (${page.url()}):\n${describeViolations(results.violations)}`,
  ).toBe(0);
}
