#!/usr/bin/env node
// Lighthouse checks of `npm test`, on `/`, `/boutique` and one product page of the production
// build (dist/, built beforehand): one audit a page (mobile, simulated throttling), each one
// lighthouse() call.
//
// Only what does not depend on how fast the machine is decides a pass:
//   accessibility = 1, best practices ≥ 0.95, SEO ≥ 0.95: audits of the page's markup, headers,
//   console and links, made on the page as loaded; none of them is a timing;
//   CLS = 0: what moved on the screen, added up, not how fast it was drawn.
// Timings (FCP, LCP, TBT and their ratios to the speed floor) are a benchmark, never a gate: a
// blocking-time ratio depends on how fast the machine compiles and runs JavaScript (a task of
// 12 ms on a fast machine stays under Lighthouse's 50 ms line at its 4× slowdown, the same task
// on a machine twice as slow crosses it). They are measured by `npm run bench:speed`
// (scripts/speed/bench-floor.mjs) and kept in docs/performance.md. The first-visit JavaScript in
// bytes is judged by the budget (scripts/speed/check-bundle-budget.mjs).
//
// One check per page × criterion; writes .reports/lighthouse.json ({ passed, failed, pages });
// exits 1 on any failure. `node scripts/speed/check-lighthouse.mjs /panier /favoris` checks
// other pages.
import { auditShopPages, formatCls, messageOf, writeReport } from './lighthouse-vs-floor.mjs';

const SCORE_GATES = [
  { category: 'accessibility', label: 'a11y', min: 1 },
  { category: 'best-practices', label: 'b.p.', min: 0.95 },
  { category: 'seo', label: 'SEO', min: 0.95 },
];
/**
 * No layout shift at all. CLS adds up what moved on the screen, not how fast it was drawn, and
 * the floor moves nothing. Google's "good" limit (0.1) tolerates shifts a visitor sees; a page
 * that reserves the room of everything it paints later (pictures, prices, the cart's count)
 * shifts nothing, so any shift is a bug to find and fails.
 */
const CLS = 0;

const GATES = [
  ...SCORE_GATES.map(({ category, label, min }) => ({
    id: category,
    label,
    shown: min === 1 ? '= 1' : `≥ ${min}`,
    threshold: min,
    value: (page) => page.medians.scores[category],
    format: (value) => value.toFixed(2),
    passes: (value) => value >= min,
  })),
  {
    id: 'cls',
    label: 'CLS',
    shown: `= ${CLS}`,
    threshold: CLS,
    value: (page) => page.medians.cls,
    format: formatCls,
    passes: (value) => value === CLS,
  },
];

function judge(page) {
  const run = page.runs[0];
  return GATES.map((gate) => {
    const value = page.error || !page.medians ? null : (gate.value(page) ?? null);
    const passed = value !== null && gate.passes(value);
    const check = { criterion: gate.id, value, threshold: gate.threshold, passed };
    if (value === null) check.error = page.error ? `not measured: ${page.error}` : 'no value';
    if (!passed && value !== null && gate.id !== 'cls') check.lostPoints = run?.losses[gate.id] ?? [];
    if (!passed && value !== null && gate.id === 'cls') check.shifts = run?.shifts ?? [];
    return check;
  });
}

function printGates(pages) {
  const width = Math.max(18, ...pages.map((p) => p.path.length));
  console.log(`\nChecks: ${GATES.map((g) => `${g.label} ${g.shown}`).join(', ')}`);
  console.log('  (timings are measured by npm run bench:speed, and the first-visit JavaScript by the budget)');
  console.log(`  ${'page'.padEnd(width)} ${GATES.map((g) => g.label.padStart(8)).join(' ')}`);
  for (const page of pages) {
    const cells = page.checks.map((check, i) => `${check.passed ? ' ' : '✗'}${check.value === null ? '—' : GATES[i].format(check.value)}`.padStart(8));
    console.log(`  ${page.path.padEnd(width)} ${cells.join(' ')}`);
  }
  for (const page of pages) {
    for (const [i, check] of page.checks.entries()) {
      if (check.passed) continue;
      const gate = GATES[i];
      console.log(`\n✗ ${page.path} — ${gate.label} ${check.value === null ? check.error : gate.format(check.value)}, needs ${gate.shown}`);
      for (const shift of check.shifts ?? []) {
        console.log(`    ${shift.element} moved (${formatCls(shift.score)})${shift.causes.length ? `: ${shift.causes.join('; ')}` : ''}`);
      }
      if (!check.lostPoints) continue;
      // Weighted audits make the score; the others (opportunities, insights) say where to look.
      const scored = check.lostPoints.filter((audit) => audit.weight > 0);
      const hints = check.lostPoints.filter((audit) => audit.weight === 0);
      if (scored.length === 0) console.log('    (no single failing audit: many small losses)');
      for (const audit of scored) console.log(`    ${audit.id}: ${audit.title}${audit.displayValue ? ` — ${audit.displayValue}` : ''}`);
      if (hints.length) console.log(`    hints: ${hints.map((audit) => audit.id).join(', ')}`);
    }
  }
}

async function main() {
  const started = performance.now();
  const report = { passed: 0, failed: 0, gates: Object.fromEntries(GATES.map((g) => [g.id, g.shown])), pages: [] };
  try {
    const table = await auditShopPages({ paths: process.argv.slice(2).filter((arg) => arg.startsWith('/')) });
    report.pages = table.pages.map((page) => ({
      name: page.name,
      path: page.path,
      url: page.url,
      scores: page.medians?.scores ?? null,
      cls: page.medians?.cls ?? null,
      checks: judge(page),
      ...(page.error ? { error: page.error } : {}),
    }));
    const checks = report.pages.flatMap((page) => page.checks);
    report.passed = checks.filter((check) => check.passed).length;
    report.failed = checks.length - report.passed;
    printGates(report.pages);
    const unmeasured = table.pages.filter((p) => p.error).map((p) => p.path);
    if (unmeasured.length) report.error = `not measured: ${unmeasured.join(', ')}`;
  } catch (error) {
    report.error = messageOf(error);
    report.failed = Math.max(report.failed, 1);
    console.error(`✗ Lighthouse not run: ${report.error}`);
  }
  report.seconds = Math.round((performance.now() - started) / 100) / 10;
  writeReport('lighthouse.json', report);
  console.log(`\nLighthouse: ${report.passed} passed, ${report.failed} failed (${report.seconds} s)`);
  return report.failed === 0 && report.passed > 0 ? 0 : 1;
}

process.exitCode = await main();
