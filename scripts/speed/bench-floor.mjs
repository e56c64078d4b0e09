#!/usr/bin/env node
// `npm run bench:speed`: the shop's pages side by side with the speed floor (bench/floor, the
// bare stack), measured in one run: medians of the rounds the gates take, of performance, FCP, LCP, TBT, CLS and first-visit
// JavaScript, each with its ratio to the floor (scripts/speed/lighthouse-vs-floor.mjs says how),
// with the date, the commit and Lighthouse's benchmarkIndex of the machine. Prints the table and
// writes it to .reports/bench-floor.json, and as Markdown to .reports/bench-speed.md (what
// docs/performance.md keeps). Judges nothing: timings depend on the machine, so no timing
// decides a pass of npm test (its Lighthouse suite, scripts/speed/check-lighthouse.mjs, judges
// the scores and CLS only).
//
//   npm run bench:speed                       dist/ built beforehand (npm run build)
//   npm run bench:speed -- --build-shop       builds the shop first
//   npm run bench:speed -- /panier /favoris   other pages of the shop
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { markdownTable, measureAgainstFloor, printTable, REPORTS, writeReport } from './lighthouse-vs-floor.mjs';

const args = process.argv.slice(2);
const unknown = args.filter((arg) => !arg.startsWith('/') && arg !== '--build-shop');
if (unknown.length) {
  console.error(`Unknown argument(s): ${unknown.join(' ')} (expected --build-shop and paths such as /panier)`);
  process.exit(2);
}

try {
  const table = await measureAgainstFloor({
    paths: args.filter((arg) => arg.startsWith('/')),
    buildShop: args.includes('--build-shop'),
  });
  printTable(table);
  writeReport('bench-floor.json', table);
  writeFileSync(join(REPORTS, 'bench-speed.md'), markdownTable(table));
  console.log('\nWritten: .reports/bench-floor.json and .reports/bench-speed.md (the table for docs/performance.md).');
  const unmeasured = [table.floor, ...table.pages].filter((page) => page.error);
  process.exitCode = unmeasured.length ? 1 : 0;
} catch (error) {
  console.error(`✗ Not measured: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
}
