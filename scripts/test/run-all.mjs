#!/usr/bin/env node
// `npm test`: every check of the shop, in order, one count at the end.
// A failing suite never stops the run (the final count must be complete), and a suite that
// cannot run (its prerequisite failed, no browser, no report) counts as failed, never skipped.
// Developers may run a subset: `npm test -- --only unit,ui` (ids: see SUITES).
import { AsyncLocalStorage } from 'node:async_hooks';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import chromium from '../chromium.json' with { type: 'json' };

const ROOT = join(import.meta.dirname, '..', '..');
const REPORTS = join(ROOT, '.reports');
const DEFAULT_CHROMIUM = chromium.defaultPath;
const CHROMIUM_HELP =
  'Chromium introuvable : installez le paquet Debian chromium (`apt-get install -y chromium`) ou définissez CHROMIUM_PATH.\n' +
  "Chromium not found: install Debian's chromium package (`apt-get install -y chromium`) or set CHROMIUM_PATH.";

const bin = (name) => join(ROOT, 'node_modules', '.bin', name);

/**
 * id: for --only; needs: suites whose success this one requires; browser: needs Chromium;
 * postgres: needs PostgreSQL 15, pgTAP and pg_prove; java: one of its tests needs Java;
 * beside: the id of the suite just before it, run at the same time (two tools that each keep one
 * core busy, on a machine of two; its output is printed once it ends, never interleaved).
 * run() resolves to { passed, failed, note? }.
 */
const SUITES = [
  { id: 'typecheck', title: 'typecheck', run: () => singleCheck(bin('tsc'), ['--noEmit', '-p', 'tsconfig.json']) },
  // `npm run lint`: ESLint, then dpdm (import cycles), then knip (unused files, exports and dependencies), then prettier --check.
  { id: 'lint', title: 'lint', beside: 'typecheck', run: () => singleCheck('npm', ['run', 'lint']) },
  // The contract suites run the Supabase adapters against the PostgreSQL test cluster; java: the
  // Nu Html Checker reads the order mails' HTML (tests/unit/domain/order/order-mails-html.test.ts).
  { id: 'unit', title: 'unit and contract', postgres: true, java: true, run: () => vitestSuite('unit') },
  { id: 'ui', title: 'UI', run: () => vitestSuite('ui') },
  // SQL and row-level security on a real PostgreSQL 15: supabase/tests (pgTAP) with pg_prove.
  { id: 'db', title: 'database (PostgreSQL + pgTAP)', postgres: true, run: databaseSuite },
  // Supabase edge functions run by Deno (the npm `deno` package), called over HTTP as
  // functions.invoke calls them; their fake Supabase answers from a PostgreSQL test database.
  { id: 'functions', title: 'edge functions (Deno)', beside: 'db', postgres: true, run: () => vitestSuite('functions') },
  { id: 'build', title: 'build', run: () => singleCheck(bin('vite'), ['build']) },
  // java: the Nu Html Checker (vnu-jar) of tests/e2e/prerendered-html.spec.ts runs on it.
  { id: 'e2e', title: 'end-to-end', needs: ['build'], browser: true, java: true, run: () => playwrightSuite() },
  // Builds dist-supabase/ itself (VITE_BACKEND=supabase, test values) and needs PostgreSQL.
  {
    id: 'e2e-supabase',
    title: 'end-to-end on a Supabase build',
    browser: true,
    postgres: true,
    run: () => playwrightSuite('playwright.supabase.config.ts', 'e2e-supabase.json'),
  },
  { id: 'budget', title: 'performance budgets', needs: ['build'], browser: true, run: budgetSuite },
  { id: 'lighthouse', title: 'Lighthouse: accessibility, best practices, SEO, CLS', needs: ['build'], browser: true, run: lighthouseSuite },
];

// ---------------------------------------------------------------------------------------
// Running commands

let interrupted = false;

/** Where a suite run beside another writes its output (an array of chunks), printed when it ends. */
const captured = new AsyncLocalStorage();

function say(text, stream = process.stdout) {
  const buffer = captured.getStore();
  if (buffer) buffer.push(`${text}\n`);
  else stream.write(`${text}\n`);
}

function run(command, args, env = {}) {
  say(`$ ${[command, ...args].map((part) => part.replace(`${ROOT}/`, '')).join(' ')}`);
  const buffer = captured.getStore();
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: ROOT, stdio: buffer ? ['ignore', 'pipe', 'pipe'] : 'inherit', env: { ...process.env, ...env } });
    if (buffer) {
      child.stdout.on('data', (chunk) => buffer.push(chunk));
      child.stderr.on('data', (chunk) => buffer.push(chunk));
    }
    child.once('error', (error) => {
      say(`Could not start ${command}: ${error.message}`, process.stderr);
      resolve(127);
    });
    child.once('exit', (code, signal) => resolve(code ?? (signal ? 128 : 1)));
  });
}

function readReport(file) {
  const path = join(REPORTS, file);
  if (!existsSync(path)) return null;
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return null;
  }
}

/** Counts from a report, cross-checked with the exit code and against "nothing ran". */
function settle({ passed, failed, skipped = 0, notes = [] }, code, tool) {
  const result = { passed, failed, notes: [...notes] };
  if (skipped > 0) result.notes.push(`${skipped} skipped`);
  if (passed + failed === 0) {
    result.failed += 1;
    result.notes.push('no test ran');
  }
  if (code !== 0 && result.failed === 0) {
    result.failed += 1;
    result.notes.push(`${tool} exited with code ${code}`);
  }
  return result;
}

async function singleCheck(command, args) {
  const code = await run(command, args);
  return code === 0 ? { passed: 1, failed: 0 } : { passed: 0, failed: 1, notes: [`exit code ${code}`] };
}

async function vitestSuite(project) {
  const file = `${project}.json`;
  rmSync(join(REPORTS, file), { force: true });
  const code = await run(bin('vitest'), ['run', '--project', project, '--reporter=default', '--reporter=json', `--outputFile=.reports/${file}`]);
  const report = readReport(file);
  if (!report) return { passed: 0, failed: 1, notes: [`no report .reports/${file} (vitest exited with code ${code})`] };
  // A test file that cannot even load has no failed test in it, but it is a failure.
  const brokenFiles = (report.testResults ?? []).filter(
    (file) => file.status === 'failed' && !(file.assertionResults ?? []).some((t) => t.status === 'failed'),
  ).length;
  return settle(
    {
      passed: report.numPassedTests ?? 0,
      failed: (report.numFailedTests ?? 0) + brokenFiles,
      skipped: (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0),
      notes: brokenFiles ? [`${brokenFiles} test file(s) failed to load`] : [],
    },
    code,
    'vitest',
  );
}

/** Every test run of a Playwright JSON report: its title, duration and timeout (ms). */
function playwrightRuns(report) {
  const runs = [];
  const walk = (suite, file) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        for (const result of test.results ?? []) runs.push({ title: `${file} › ${spec.title}`, duration: result.duration, timeout: test.timeout });
      }
    }
    for (const child of suite.suites ?? []) walk(child, file);
  };
  for (const suite of report.suites ?? []) walk(suite, suite.file);
  return runs;
}

/**
 * The ten slowest tests against their timeouts: a test past half of its timeout here fails on a
 * machine twice as slow, so it is named in the summary (it does not fail the run: the timeout does).
 */
function timeoutMargins(report) {
  const runs = playwrightRuns(report).filter((r) => r.timeout > 0);
  const share = (r) => r.duration / r.timeout;
  const slowest = [...runs].sort((a, b) => b.duration - a.duration).slice(0, 10);
  say('\nThe ten slowest tests (duration / timeout):');
  for (const r of slowest) say(`  ${(r.duration / 1000).toFixed(1)} s / ${r.timeout / 1000} s  ${r.title}`);
  const tight = runs.filter((r) => share(r) > 0.5);
  return tight.length === 0 ? [] : [`${tight.length} test(s) past half their timeout: ${tight.map((r) => r.title).join('; ')}`];
}

async function playwrightSuite(config = null, reportFile = 'e2e.json') {
  rmSync(join(REPORTS, reportFile), { force: true });
  const code = await run(bin('playwright'), ['test', ...(config ? ['-c', config] : [])]);
  const report = readReport(reportFile);
  if (!report?.stats) return { passed: 0, failed: 1, notes: [`no report .reports/${reportFile} (playwright exited with code ${code})`] };
  const { expected = 0, unexpected = 0, flaky = 0, skipped = 0 } = report.stats;
  const globalErrors = report.errors?.length ?? 0;
  return settle(
    {
      passed: expected + flaky,
      failed: unexpected + globalErrors,
      skipped,
      notes: [...(flaky ? [`${flaky} flaky`] : []), ...(globalErrors ? [`${globalErrors} error(s) outside tests`] : []), ...timeoutMargins(report)],
    },
    code,
    'playwright',
  );
}

/** A script of ours that writes .reports/<file> as { passed, failed, error? }. */
async function reportingScript(script, file) {
  rmSync(join(REPORTS, file), { force: true });
  const code = await run(process.execPath, [join(ROOT, 'scripts', `${script}.mjs`)]);
  const report = readReport(file);
  if (!report) return { passed: 0, failed: 1, notes: [`no report .reports/${file} (exit code ${code})`] };
  return settle({ passed: report.passed ?? 0, failed: report.failed ?? 0, notes: report.error ? [report.error] : [] }, code, script);
}

function budgetSuite() {
  return reportingScript('speed/check-bundle-budget', 'budget.json');
}

/**
 * One check per page × criterion: accessibility, best practices, SEO and CLS, none of which
 * depends on the machine's speed (timings are `npm run bench:speed`'s, never a gate).
 */
function lighthouseSuite() {
  return reportingScript('speed/check-lighthouse', 'lighthouse.json');
}

/**
 * A throw-away PostgreSQL cluster built as a Supabase project's database (migrations, seed),
 * then pg_prove over supabase/tests: one check per pgTAP assertion (scripts/db/run-pgtap.mjs).
 */
function databaseSuite() {
  return reportingScript('db/run-pgtap', 'db.json');
}

// ---------------------------------------------------------------------------------------
// Chromium (Debian's; Playwright never downloads a browser here)

const DBUS_DAEMON = '/usr/bin/dbus-daemon';
const DBUS_HELP =
  'dbus-daemon introuvable\u00a0: installez le paquet Debian dbus-daemon (`apt-get install -y dbus-daemon`).\n' +
  "dbus-daemon not found: install Debian's dbus-daemon package (`apt-get install -y dbus-daemon`).";

let chromiumProblem; // undefined: not checked yet; null: fine; string: why not

function commandExists(name) {
  return spawnSync('sh', ['-c', `command -v ${name}`], { stdio: 'ignore' }).status === 0;
}

async function ensureChromium() {
  if (chromiumProblem !== undefined) return chromiumProblem;
  const path = process.env.CHROMIUM_PATH ?? DEFAULT_CHROMIUM;
  // Debian's packages the browser's tests need: the browser, and the message bus the notification
  // tests give it (tests/e2e/desktop-notifications.ts).
  const missing = [...(!existsSync(path) && path === DEFAULT_CHROMIUM ? ['chromium'] : []), ...(existsSync(DBUS_DAEMON) ? [] : ['dbus-daemon'])];
  if (missing.length > 0 && process.getuid?.() === 0 && commandExists('apt-get')) {
    say(`\n${missing.join(' and ')} missing: installing Debian's package${missing.length > 1 ? 's' : ''} ${missing.join(' ')}.`);
    const env = { DEBIAN_FRONTEND: 'noninteractive' };
    if ((await run('apt-get', ['install', '-y', ...missing], env)) !== 0) {
      await run('apt-get', ['update'], env);
      await run('apt-get', ['install', '-y', ...missing], env);
    }
  }
  chromiumProblem = !existsSync(path) ? `${path} is missing.\n${CHROMIUM_HELP}` : !existsSync(DBUS_DAEMON) ? `${DBUS_DAEMON} is missing.\n${DBUS_HELP}` : null;
  if (chromiumProblem) say(`\n${chromiumProblem}`, process.stderr);
  return chromiumProblem;
}

// ---------------------------------------------------------------------------------------
// PostgreSQL 15, pgTAP and pg_prove (Debian's packages)

const PG_BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';
const PGTAP_CONTROL = '/usr/share/postgresql/15/extension/pgtap.control';
const POSTGRES_PACKAGES = ['postgresql-15', 'postgresql-15-pgtap', 'libtap-parser-sourcehandler-pgtap-perl'];
const POSTGRES_HELP =
  `PostgreSQL 15, pgTAP ou pg_prove introuvable\u00a0: installez les paquets Debian ${POSTGRES_PACKAGES.join(' ')} (\`apt-get install -y ${POSTGRES_PACKAGES.join(' ')}\`).\n` +
  `PostgreSQL 15, pgTAP or pg_prove not found: install Debian's packages ${POSTGRES_PACKAGES.join(' ')} (\`apt-get install -y ${POSTGRES_PACKAGES.join(' ')}\`).`;

let postgresCheck; // the one check's promise: two suites run side by side ask at once

function missingPostgresParts() {
  return [
    ...(existsSync(join(PG_BIN, 'initdb')) ? [] : [join(PG_BIN, 'initdb')]),
    ...(existsSync(PGTAP_CONTROL) ? [] : [PGTAP_CONTROL]),
    ...(commandExists('pg_prove') ? [] : ['pg_prove']),
  ];
}

function ensurePostgres() {
  postgresCheck ??= checkPostgres();
  return postgresCheck;
}

/** null when PostgreSQL 15, pgTAP and pg_prove are there (installed if need be); otherwise why not. */
async function checkPostgres() {
  if (missingPostgresParts().length > 0 && !process.env.PG_BIN && process.getuid?.() === 0 && commandExists('apt-get')) {
    say(`\n${missingPostgresParts().join(', ')} missing: installing Debian's ${POSTGRES_PACKAGES.join(' ')}.`);
    const env = { DEBIAN_FRONTEND: 'noninteractive' };
    if ((await run('apt-get', ['install', '-y', ...POSTGRES_PACKAGES], env)) !== 0) {
      await run('apt-get', ['update'], env);
      await run('apt-get', ['install', '-y', ...POSTGRES_PACKAGES], env);
    }
  }
  const missing = missingPostgresParts();
  const problem = missing.length === 0 ? null : `${missing.join(', ')} missing.\n${POSTGRES_HELP}`;
  if (problem) say(`\n${problem}`, process.stderr);
  return problem;
}

// ---------------------------------------------------------------------------------------
// Java (Debian's), for the Nu Html Checker (the vnu-jar package) of the end-to-end suite

const JAVA_PACKAGE = 'default-jre-headless';
const JAVA_HELP =
  `Java introuvable\u00a0: installez le paquet Debian ${JAVA_PACKAGE} (\`apt-get install -y ${JAVA_PACKAGE}\`).\n` +
  `Java not found: install Debian's ${JAVA_PACKAGE} package (\`apt-get install -y ${JAVA_PACKAGE}\`).`;

let javaChecked = false;

/**
 * Installs Java when it is missing and npm test runs as root. Without it the suite still runs:
 * only the test of the Nu Html Checker needs it, and it fails saying what to install.
 */
async function ensureJava() {
  if (javaChecked) return;
  javaChecked = true;
  if (!commandExists('java') && process.getuid?.() === 0 && commandExists('apt-get')) {
    say(`\njava is missing: installing Debian's ${JAVA_PACKAGE} package.`);
    const env = { DEBIAN_FRONTEND: 'noninteractive' };
    if ((await run('apt-get', ['install', '-y', JAVA_PACKAGE], env)) !== 0) {
      await run('apt-get', ['update'], env);
      await run('apt-get', ['install', '-y', JAVA_PACKAGE], env);
    }
  }
  if (!commandExists('java')) say(`\njava is missing: the Nu Html Checker test will fail.\n${JAVA_HELP}`, process.stderr);
}

// ---------------------------------------------------------------------------------------
// The run

function parseOnly(argv) {
  const index = argv.findIndex((arg) => arg === '--only' || arg.startsWith('--only='));
  if (index === -1) return null;
  const value = argv[index].startsWith('--only=') ? argv[index].slice('--only='.length) : argv[index + 1];
  const ids = (value ?? '')
    .split(',')
    .map((id) => id.trim())
    .filter(Boolean);
  const known = SUITES.map((s) => s.id);
  const unknown = ids.filter((id) => !known.includes(id));
  if (ids.length === 0 || unknown.length > 0) {
    console.error(`--only expects a comma-separated list of: ${known.join(', ')}${unknown.length ? ` (unknown: ${unknown.join(', ')})` : ''}`);
    process.exit(2);
  }
  return new Set(ids);
}

/** Why a suite cannot run, or null. */
async function blocker(suite, outcomes, selected) {
  for (const need of suite.needs ?? []) {
    const outcome = outcomes.get(need);
    if (outcome && outcome.failed > 0) return `not run: ${need} failed`;
    if (!outcome && !selected.has(need) && need === 'build' && !existsSync(join(ROOT, 'dist', 'index.html'))) {
      return 'not run: dist/ is missing (add build to --only, or run npm run build)';
    }
  }
  if (suite.browser) {
    const problem = await ensureChromium();
    if (problem) return `not run: ${problem.split('\n').at(-1)}`;
  }
  if (suite.postgres) {
    const problem = await ensurePostgres();
    if (problem) return `not run: ${problem.split('\n').at(-1)}`;
  }
  if (suite.java) await ensureJava();
  return null;
}

function line(title, { passed, failed, notes = [] }, seconds) {
  const extra = notes.length ? ` — ${notes.join('; ')}` : '';
  return `▸ ${title}: ${passed} passed, ${failed} failed (${seconds.toFixed(1)} s)${extra}`;
}

async function main() {
  const only = parseOnly(process.argv.slice(2));
  const selected = new Set(SUITES.filter((s) => !only || only.has(s.id)).map((s) => s.id));
  const outcomes = new Map();
  const lines = [];

  process.on('SIGINT', () => {
    interrupted = true;
  });

  // Runs of suites: a suite and those `beside` it start together.
  const groups = [];
  for (const suite of SUITES.filter((s) => selected.has(s.id))) {
    if (suite.beside && groups.at(-1)?.some((other) => other.id === suite.beside)) groups.at(-1).push(suite);
    else groups.push([suite]);
  }
  for (const group of groups) {
    if (interrupted) break;
    const runOne = async (suite) => {
      say(`\n━━━ ${suite.title} ━━━`);
      const started = performance.now();
      const reason = await blocker(suite, outcomes, selected);
      const outcome = reason ? { passed: 0, failed: 1, notes: [reason] } : await suite.run();
      outcomes.set(suite.id, outcome);
      const summary = line(suite.title, outcome, (performance.now() - started) / 1000);
      say(summary);
      return summary;
    };
    if (group.length === 1) {
      lines.push(await runOne(group[0]));
      continue;
    }
    say(`\n━━━ ${group.map((suite) => suite.title).join(' and ')}, side by side ━━━`);
    const buffers = group.map(() => []);
    const summaries = await Promise.all(group.map((suite, index) => captured.run(buffers[index], () => runOne(suite))));
    for (const buffer of buffers) for (const chunk of buffer) process.stdout.write(chunk);
    lines.push(...summaries);
  }

  const passed = [...outcomes.values()].reduce((sum, o) => sum + o.passed, 0);
  let failed = [...outcomes.values()].reduce((sum, o) => sum + o.failed, 0);
  console.log('\n━━━ summary ━━━');
  for (const summary of lines) console.log(summary);
  if (interrupted) {
    failed += 1;
    console.log('▸ interrupted: the remaining suites did not run');
  }
  console.log(`${passed} passed, ${failed} failed`);
  process.exitCode = failed === 0 ? 0 : 1;
}

await main();
