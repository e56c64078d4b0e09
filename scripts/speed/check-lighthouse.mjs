#!/usr/bin/env node
// Lighthouse gates of `npm test`, on `/`, `/boutique` and one product page of the production
// build (dist/, built beforehand), measured against the speed floor in the same run:
// scripts/speed/lighthouse-vs-floor.mjs builds the floor (bench/floor, the shop's bare stack),
// audits it and the pages interleaved (mobile, simulated throttling), one warm-up round and
// three measured rounds, and keeps the medians.
//
// What does not depend on the machine's speed is judged absolutely, per page:
//   accessibility = 1, best practices ≥ 0.95, SEO ≥ 0.95, CLS ≤ 0.1.
// What does (on a shared 2-core machine under load, `/` alone scored anywhere from 0.83 to
// 0.98) is judged as a ratio to the floor measured in the same minutes:
//   LCP ≤ MAX_LCP_RATIO × floor LCP, max(TBT, 50 ms) ≤ MAX_TBT_RATIO × max(floor TBT, 50 ms),
// both simulated from the CPU time of each task (scripts/speed/cpu-time-trace.mjs).
// There is no performance-score threshold any more, and no retry: medians replace the old
// "keep the best of three" and one run never decides. First-visit JavaScript in bytes is
// judged by the budget (check-bundle-budget.mjs); its ratio is only shown here.
//
// One check per page × criterion; writes .reports/lighthouse.json ({ passed, failed, pages })
// and the table to .reports/bench-floor.json; exits 1 on any failure.
// `node scripts/speed/check-lighthouse.mjs /panier /favoris` judges other pages.
import { formatCls, measureAgainstFloor, messageOf, TBT_RESOLUTION_MS, printTable, writeReport } from './lighthouse-vs-floor.mjs';

const SCORE_GATES = [
  { category: 'accessibility', label: 'a11y', min: 1 },
  { category: 'best-practices', label: 'b.p.', min: 0.95 },
  { category: 'seo', label: 'SEO', min: 0.95 },
];
/** Google's "good" limit, the one web-vitals reports against in the shop (spec §4). */
const MAX_CLS = 0.1;
// LCP and TBT ratios to the floor, medians of one run. Set from today's ratios, with a margin
// for a busy machine, so that nothing fails by chance; to be tightened as the shop gets faster.
// Measured on this 2-core machine shared with other jobs (README, "Speed"; 13 runs of the
// bench with load averages from 3 to 25):
//  - LCP: the shop's own LCP repeats within 2 % (2.11–2.30 s quiet, up to 2.40 s with the
//    machine fully loaded). Its ratio went up when the floor's LCP was made steady (its
//    favicon raced its paint: 1.36 s or 1.51 s; inline now, 1.36–1.41 s): 1.57–1.69 over four
//    runs, up to 1.76 for one loaded audit. 2.0 leaves room for a loaded machine and still
//    fails a page that adds a round trip before its first pictures.
//  - TBT: simulated from wall-clock task durations, the ratio went from 0.1 to 11.3 with the
//    load (the renderer waiting for a core stretched its tasks over Lighthouse's 50 ms line).
//    Simulated from CPU time (scripts/speed/cpu-time-trace.mjs), the shop's TBT stayed at 4–51 ms
//    and the floor's at 0–20 ms with the machine fully loaded (load average 11–13): ratio
//    1.00–1.02 once both sides are floored at 50 ms (TBT_RESOLUTION_MS). Today's ratio is 1;
//    2 leaves room for one unlucky task and still fails a shop that blocks 100 ms where the
//    floor blocks nothing.
const MAX_LCP_RATIO = 2;
const MAX_TBT_RATIO = 2;

const GATES = [
  ...SCORE_GATES.map(({ category, label, min }) => ({
    id: category,
    label,
    threshold: min,
    shown: min === 1 ? '= 1' : `≥ ${min}`,
    value: (page) => page.medians.scores[category],
    format: (value) => value.toFixed(2),
    passes: (value) => value >= min,
  })),
  {
    id: 'cls',
    label: 'CLS',
    threshold: MAX_CLS,
    shown: `≤ ${MAX_CLS}`,
    value: (page) => page.medians.cls,
    format: formatCls,
    passes: (value) => value <= MAX_CLS,
  },
  {
    id: 'lcp-ratio',
    label: 'LCP',
    threshold: MAX_LCP_RATIO,
    shown: `≤ ${MAX_LCP_RATIO} (page LCP / floor LCP)`,
    value: (page) => page.ratios?.lcp,
    format: (value) => `×${value.toFixed(2)}`,
    passes: (value) => value <= MAX_LCP_RATIO,
  },
  {
    id: 'tbt-ratio',
    label: 'TBT',
    threshold: MAX_TBT_RATIO,
    shown: `≤ ${MAX_TBT_RATIO} (max(page TBT, ${TBT_RESOLUTION_MS} ms) / max(floor TBT, ${TBT_RESOLUTION_MS} ms))`,
    value: (page) => page.ratios?.tbt,
    format: (value) => `×${value.toFixed(2)}`,
    passes: (value) => value <= MAX_TBT_RATIO,
  },
];

/** The audits that cost points in the run whose score is the median (the one the gate saw). */
function lostPointsAtMedian(page, category) {
  const run = page.runs.find((r) => r.scores[category] === page.medians.scores[category]);
  return run?.losses[category] ?? [];
}

function judge(page, floor) {
  return GATES.map((gate) => {
    const why = page.error ? `not measured: ${page.error}` : gate.id.endsWith('-ratio') && !floor.medians ? `floor not measured: ${floor.error}` : null;
    const value = why ? null : (gate.value(page) ?? null);
    const passed = value !== null && gate.passes(value);
    const check = { criterion: gate.id, value, threshold: gate.threshold, passed };
    if (why || value === null) check.error = why ?? 'no value';
    if (!passed && !why && SCORE_GATES.some((g) => g.category === gate.id)) check.lostPoints = lostPointsAtMedian(page, gate.id);
    return check;
  });
}

function printGates(pages) {
  const width = Math.max(18, ...pages.map((p) => p.path.length));
  console.log(`\nGates: ${GATES.map((g) => `${g.label} ${g.shown}`).join(', ')}`);
  console.log(`  ${'page'.padEnd(width)} ${GATES.map((g) => g.label.padStart(8)).join(' ')}`);
  for (const page of pages) {
    const cells = page.checks.map((check, i) => {
      const shown = check.value === null ? '—' : GATES[i].format(check.value);
      return `${check.passed ? ' ' : '✗'}${shown}`.padStart(8);
    });
    console.log(`  ${page.path.padEnd(width)} ${cells.join(' ')}`);
  }
  for (const page of pages) {
    for (const [i, check] of page.checks.entries()) {
      if (check.passed) continue;
      const gate = GATES[i];
      const shown = check.value === null ? check.error : gate.format(check.value);
      console.log(`\n✗ ${page.path} — ${gate.label} ${shown}, needs ${gate.shown}`);
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
  const gates = Object.fromEntries(GATES.map((g) => [g.id, g.shown]));
  const report = { passed: 0, failed: 0, gates, pages: [] };
  try {
    const table = await measureAgainstFloor({ paths: process.argv.slice(2).filter((arg) => arg.startsWith('/')) });
    printTable(table);
    writeReport('bench-floor.json', table);
    report.floor = { url: table.floor.url, medians: table.floor.medians ?? null, ...(table.floor.error ? { error: table.floor.error } : {}) };
    report.pages = table.pages.map((page) => ({
      name: page.name,
      path: page.path,
      url: page.url,
      medians: page.medians ?? null,
      ratios: page.ratios ?? null,
      checks: judge(page, table.floor),
      ...(page.error ? { error: page.error } : {}),
    }));
    const checks = report.pages.flatMap((page) => page.checks);
    report.passed = checks.filter((check) => check.passed).length;
    report.failed = checks.length - report.passed;
    printGates(report.pages);
    const unmeasured = [table.floor, ...table.pages].filter((p) => p.error).map((p) => p.path);
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
