#!/usr/bin/env node
// The database suite: a throw-away cluster (test-cluster.mjs), then pg_prove over
// supabase/tests (what `supabase test db` runs), counting pgTAP assertions from its TAP output.
// Writes .reports/db.json as { passed, failed, error? } for scripts/test/run-all.mjs.
// Alone: `node scripts/db/run-pgtap.mjs [test files…]`.
import { spawn } from 'node:child_process';
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { startTestCluster } from './test-cluster.mjs';

const ROOT = join(import.meta.dirname, '..', '..');
const TESTS_DIR = join(ROOT, 'supabase', 'tests');
const REPORT = join(ROOT, '.reports', 'db.json');

/**
 * Counts of a pg_prove --verbose run, per file: an assertion passes on `ok N`, fails on
 * `not ok N`; the assertions a file planned but never reported (it stopped on an error) fail
 * too, and a file that planned nothing counts as one failure.
 */
export function countTap(output, files) {
  const results = new Map(files.map((file) => [file, { planned: null, passed: 0, failed: 0 }]));
  let current = null;
  for (const line of output.split('\n')) {
    const header = /^(\S+\.sql) \.\./.exec(line);
    if (header && results.has(header[1])) {
      current = results.get(header[1]);
      continue;
    }
    if (!current) continue;
    const plan = /^\s*1\.\.(\d+)/.exec(line);
    if (plan) current.planned = Number(plan[1]);
    else if (/^\s*ok \d+/.test(line)) current.passed += 1;
    else if (/^\s*not ok \d+/.test(line)) current.failed += 1;
  }
  let passed = 0;
  let failed = 0;
  const broken = [];
  for (const [file, counts] of results) {
    passed += counts.passed;
    const missing = counts.planned === null ? 1 : Math.max(0, counts.planned - counts.passed - counts.failed);
    failed += counts.failed + missing;
    if (missing > 0) broken.push(counts.planned === null ? `${file}: no plan (did not run)` : `${file}: ${missing} planned test(s) never ran`);
  }
  return { passed, failed, broken };
}

function runPgProve(cluster, files) {
  const args = ['--verbose', '--host', cluster.socketDir, '--port', String(cluster.port), '--username', 'postgres', '--dbname', cluster.database, ...files];
  console.log(`$ pg_prove ${args.join(' ')}`);
  return new Promise((resolve) => {
    const child = spawn('pg_prove', args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const keep = (chunk) => {
      output += chunk;
      process.stdout.write(chunk);
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    child.once('error', (error) => resolve({ code: 127, output: `${output}\n${error.message}` }));
    child.once('exit', (code) => resolve({ code: code ?? 1, output }));
  });
}

async function main() {
  const requested = process.argv.slice(2);
  const files = (
    requested.length > 0
      ? requested.map((file) => join(ROOT, file))
      : readdirSync(TESTS_DIR)
          .filter((name) => name.endsWith('.sql'))
          .sort()
          .map((name) => join(TESTS_DIR, name))
  ).map((file) => relative(ROOT, file));
  mkdirSync(join(ROOT, '.reports'), { recursive: true });

  let report;
  let cluster;
  try {
    cluster = await startTestCluster({ seed: true });
    const { code, output } = await runPgProve(cluster, files);
    const { passed, failed, broken } = countTap(output, files);
    report = { passed, failed };
    if (broken.length > 0) report.error = broken.join('; ');
    else if (code !== 0 && failed === 0) report = { passed, failed: 1, error: `pg_prove exited with code ${code}` };
  } catch (error) {
    console.error(error);
    report = { passed: 0, failed: 1, error: `the test database did not start: ${error.message.split('\n')[0]}` };
  } finally {
    await cluster?.stop();
  }
  writeFileSync(REPORT, `${JSON.stringify(report)}\n`);
  console.log(`pgTAP: ${report.passed} passed, ${report.failed} failed${report.error ? ` (${report.error})` : ''}`);
  process.exitCode = report.failed === 0 ? 0 : 1;
}

if (process.argv[1] === import.meta.filename) await main();
