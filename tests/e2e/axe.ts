import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, type TestInfo } from '@playwright/test';

// The axe-core audit of a page, as every accessibility test runs it: WCAG 2.1 A and AA plus
// axe’s best practices; any violation fails, whatever its impact.
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

type AxeResults = Awaited<ReturnType<AxeBuilder['analyze']>>;

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
  const results = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze();
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
