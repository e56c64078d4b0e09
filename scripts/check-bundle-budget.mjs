#!/usr/bin/env node
// Performance budget: the JavaScript a shopper downloads on a first visit to `/`.
// Measured on the production build (dist/, built beforehand: this script builds nothing),
// served by `vite preview`, loaded in Debian's Chromium until the network is idle and a moment
// after (scripts/first-visit-js.mjs says exactly what counts), gzipped at level 9.
// Writes .reports/budget.json ({ passed, failed, totalGzipBytes, files }).
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
// @playwright/test re-exports playwright-core's launcher; importing it keeps to declared dependencies.
import { chromium } from '@playwright/test';
import chromiumSettings from './chromium.json' with { type: 'json' };
import { measureFirstVisitJs, totalGzipBytes as totalOf } from './first-visit-js.mjs';
import { assertReadyToMeasure, launchPreview } from './preview-server.mjs';

// Budget of the shop's performance issue: first-visit JS of `/` ≤ 135 KB gzipped.
// For scale: a bare React 19 + router + query + tsyringe page built by Vite 8 is 111 KB
// (ARCHITECTURE.md, "Facts about this machine"), so the shop itself may add about 24 KB.
const BUDGET_GZIP_BYTES = 135 * 1024;

const ROOT = join(import.meta.dirname, '..');
// BUDGET_PORT lets a second checkout measure beside this one.
const PORT = Number(process.env.BUDGET_PORT ?? 4175);
// An explicit IPv4 host: binding fails if anything already listens on the port, so we can
// never measure some other server that happens to answer on localhost.
const HOST = '127.0.0.1';
const BASE_URL = `http://${HOST}:${PORT}`;
const REPORT = join(ROOT, '.reports', 'budget.json');
const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? chromiumSettings.defaultPath;
const CHROMIUM_ARGS = chromiumSettings.args;

/** The running `vite preview`, so that every way out stops it. */
let preview;

const kb = (bytes) => (bytes / 1024).toFixed(1);

function writeReport(report) {
  mkdirSync(dirname(REPORT), { recursive: true });
  writeFileSync(REPORT, `${JSON.stringify(report, null, 2)}\n`);
}

async function measureFirstVisit() {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
  try {
    return await measureFirstVisitJs(browser, `${BASE_URL}/`);
  } finally {
    await browser.close();
  }
}

function printTable(files, totalGzipBytes) {
  const width = Math.max(10, ...files.map((f) => f.path.length));
  const row = (name, raw, gz) => `  ${name.padEnd(width)}  ${raw.padStart(9)}  ${gz.padStart(9)}`;
  console.log(`First visit to / : JavaScript, gzip -9 (budget ${kb(BUDGET_GZIP_BYTES)} KB)`);
  console.log(row('file', 'raw KB', 'gzip KB'));
  for (const f of [...files].sort((a, b) => b.gzipBytes - a.gzipBytes)) {
    console.log(row(f.path, kb(f.rawBytes), kb(f.gzipBytes)));
  }
  console.log(row('total', kb(files.reduce((sum, f) => sum + f.rawBytes, 0)), kb(totalGzipBytes)));
}

async function main() {
  const report = { passed: 0, failed: 0, totalGzipBytes: 0, budgetGzipBytes: BUDGET_GZIP_BYTES, files: [] };
  try {
    assertReadyToMeasure(ROOT, CHROMIUM_PATH);
    preview = launchPreview({ root: ROOT, host: HOST, port: PORT });
    await preview.ready;
    const files = await measureFirstVisit();
    const totalGzipBytes = totalOf(files);
    Object.assign(report, { files, totalGzipBytes });
    printTable(files, totalGzipBytes);
    if (files.length === 0) {
      throw new Error('No JavaScript was loaded by / : the page did not start (is dist/ a build of the shop?).');
    }
    if (totalGzipBytes > BUDGET_GZIP_BYTES) {
      report.failed = 1;
      report.error = `First-visit JavaScript is ${kb(totalGzipBytes)} KB gzipped, over the ${kb(BUDGET_GZIP_BYTES)} KB budget.`;
      console.error(`✗ ${report.error}`);
    } else {
      report.passed = 1;
      console.log(`✓ First-visit JavaScript: ${kb(totalGzipBytes)} KB gzipped ≤ ${kb(BUDGET_GZIP_BYTES)} KB.`);
    }
  } catch (error) {
    report.passed = 0;
    report.failed = 1;
    report.error = error instanceof Error ? error.message : String(error);
    console.error(`✗ Budget not measured: ${report.error}`);
  } finally {
    if (preview) await preview.stop();
  }
  writeReport(report);
  return report.failed === 0 ? 0 : 1;
}

// Interrupted (Ctrl-C, or npm test stopping): the preview server must not outlive us.
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    preview?.kill();
    process.exit(130);
  });
}

process.exitCode = await main();
