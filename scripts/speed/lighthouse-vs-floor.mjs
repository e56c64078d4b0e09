// The shop's pages measured against the speed floor, in the same run: the engine of
// `npm run bench:speed` (scripts/speed/bench-floor.mjs, the table), and of the Lighthouse checks
// of `npm test` (scripts/speed/check-lighthouse.mjs: one audit a page, no floor, scores and CLS
// only, `auditShopPages`).
//
// The floor (bench/floor/) is the shop's bare stack: React, react-router-dom, TanStack Query
// and tsyringe, built by the same Vite, rendering a heading and a paragraph. What the shop
// adds on top of it is what the shop costs. Lighthouse's timings depend on how fast and how
// busy the machine is while it measures; a ratio to the floor measured in the same minutes
// depends far less on it. So:
//  - the floor is built into .bench/floor-dist; the shop's dist/ is built beforehand (npm
//    test's build step) or here with `buildShop`;
//  - both are served by `vite preview` (ports 4177 and 4178, or LIGHTHOUSE_PORT and the next),
//    and Lighthouse (mobile, default simulated throttling, the Node API's default config)
//    audits the floor and the shop's pages interleaved, floor, /, /boutique, product, floor, /
//    …: a slow minute on the machine falls on every page alike, not on one page's runs;
//  - each audit is one plain `lighthouse(url, flags)` call: Lighthouse gathers and audits its
//    own trace, untouched, so every figure is the one anyone's Lighthouse gives for that page
//    on this machine;
//  - one warm-up round is not counted (the first audit of a page in a Chromium session is
//    consistently the slowest), then five measured rounds; every figure is the median of
//    its five values, taken metric by metric;
//  - as root, Chromium and both preview servers run at a higher scheduling priority than the
//    machine's other jobs (scripts/speed/cpu-share.mjs): this changes how the machine shares
//    its cores while they run, not what Lighthouse records or computes;
//  - the first-visit JavaScript of each page (bytes: they do not depend on speed) is
//    measured once, before the audits, as the budget measures it (scripts/speed/first-visit-js.mjs).
// Nothing is retried and no run is dropped: a median of five already ignores two odd runs.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
// @playwright/test re-exports playwright-core's launcher; used for the JavaScript bytes (and,
// without a demo catalogue, to find a product link).
import { chromium } from '@playwright/test';
import lighthouse from 'lighthouse';
import { resolveConfig } from 'vite';
import { CHROMIUM_ARGS, CHROMIUM_PATH, startChromium } from './chromium-devtools.mjs';
import { measureFirstVisitJs, totalGzipBytes } from './first-visit-js.mjs';
import { assertReadyToMeasure, launchPreview, viteBin } from './preview-server.mjs';

export const ROOT = join(import.meta.dirname, '..', '..');
export const REPORTS = join(ROOT, '.reports');
export const FLOOR_CONFIG = join(ROOT, 'bench', 'floor', 'vite.config.ts');
const DEMO_CATALOGUE = join(ROOT, 'src', 'adapters', 'demo-catalogue', 'demo-catalogue.json');
// An explicit IPv4 host: binding fails if anything already listens on a port, so we can never
// measure some other server that happens to answer on localhost.
const HOST = '127.0.0.1';
// LIGHTHOUSE_PORT lets a second checkout measure beside this one (the floor takes the next port).
const SHOP_PORT = Number(process.env.LIGHTHOUSE_PORT ?? 4177);
const FLOOR_PORT = SHOP_PORT + 1;
const PAGE_TIMEOUT_MS = 30_000;

export const WARM_UP_ROUNDS = 1;
/**
 * Five measured rounds, for the gates of npm test and the table of `npm run bench:speed` alike. A
 * single audit's TBT moves a lot on this machine (a product page: 5 to 80 ms from one audit to the
 * next, a quiet machine, one run): with three rounds, two slow audits out of three failed a page
 * whose median sat well under its gate; with five it takes three.
 */
export const MEASURED_ROUNDS = 5;
export const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
/**
 * TBT ratios are page TBT / max(floor TBT, this). Lighthouse counts only the part of each task
 * beyond 50 ms (after its 4× slowdown), so a TBT under 50 ms is the rounding of one or two tasks
 * around that line, not a speed: a task of 12 ms here (48 ms simulated) counts 0, one of 14 ms
 * (56 ms) counts 6 ms. The floor's start-up has tasks close to that line, so from one audit to
 * the next its TBT is either a few milliseconds or several tens, and twice a few milliseconds
 * would fail a page on one task's rounding. So the floor's TBT counts as at least this much;
 * where the floor blocks more, this changes nothing and the ratio is page TBT / floor TBT.
 */
export const TBT_RESOLUTION_MS = 50;

export const legend = (measuredRounds) => [
  `Lighthouse mobile, default simulated throttling; each figure is the median of ${measuredRounds} rounds, floor and pages interleaved, after ${WARM_UP_ROUNDS} unmeasured warm-up round.`,
  '×: ratio to the floor (bench/floor: the same React, router, TanStack Query and tsyringe, a heading and a paragraph) measured in the same run.',
  "Each audit is one lighthouse() call: the timings are Lighthouse's own simulation from its own trace of this machine, as anyone's Lighthouse gives them.",
  `TBT ratio: page TBT / max(floor TBT, ${TBT_RESOLUTION_MS} ms): Lighthouse counts only the part of each task beyond 50 ms, so under ${TBT_RESOLUTION_MS} ms a TBT is one task's rounding, not a speed.`,
  'CLS: no ratio while the floor shifts nothing (0).',
  'JS: every script loaded by a first visit (service worker blocked, until the page is 4 s past load and no request is under way), gzip -9, as the budget measures it.',
];

export const messageOf = (error) => (error instanceof Error ? error.message : String(error));
const elapsedSince = (start) => Math.round((performance.now() - start) / 100) / 10;
const loadaverage = () => Math.round(loadavg()[0] * 10) / 10;

// ---------------------------------------------------------------------------------------
// Builds

/** `node vite.js …args` in the project; rejects with Vite's output when it fails. */
function runVite(args) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [viteBin(), ...args], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`vite ${args.join(' ')} failed (exit code ${code}):\n${output}`))));
  });
}

/** Builds the floor; resolves to the folder it was built into (the outDir of its config). */
export async function buildFloor() {
  await runVite(['build', '--config', FLOOR_CONFIG]);
  const config = await resolveConfig({ configFile: FLOOR_CONFIG, logLevel: 'silent' }, 'build');
  return config.build.outDir;
}

// ---------------------------------------------------------------------------------------
// Which product page

/** The first product slug of the demo catalogue (an array, or { products: [...] }), if any. */
function demoCatalogueSlug() {
  if (!existsSync(DEMO_CATALOGUE)) return null;
  const data = JSON.parse(readFileSync(DEMO_CATALOGUE, 'utf8'));
  const products = Array.isArray(data) ? data : data?.products;
  const slug = Array.isArray(products) ? products.find((p) => typeof p?.slug === 'string' && p.slug)?.slug : undefined;
  return slug ?? null;
}

/** Without a demo catalogue: the first product link a shopper sees on /boutique. */
async function firstProductLinkOnShop(browser, shopUrl) {
  const context = await browser.newContext({ serviceWorkers: 'block', locale: 'fr-FR' });
  try {
    const page = await context.newPage();
    await page.goto(`${shopUrl}/boutique`, { timeout: PAGE_TIMEOUT_MS });
    const link = page.locator('a[href*="/produit/"]').first();
    try {
      await link.waitFor({ state: 'attached', timeout: 15_000 });
    } catch {
      throw new Error('No link to a product page (/produit/…) on /boutique, and no demo catalogue to take a slug from.');
    }
    return new URL((await link.getAttribute('href')) ?? '', shopUrl).pathname;
  } finally {
    await context.close();
  }
}

async function productPath(browser, shopUrl) {
  const slug = demoCatalogueSlug();
  return slug ? `/produit/${encodeURIComponent(slug)}` : firstProductLinkOnShop(browser, shopUrl);
}

// ---------------------------------------------------------------------------------------
// Lighthouse

export const formatMs = (ms) => (ms === null ? '—' : ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${Math.round(ms)} ms`);
/** CLS to three decimals; a shift too small for them keeps two significant digits (never "0.000" for a non-zero CLS). */
export const formatCls = (cls) => (cls === null ? '—' : cls === 0 ? '0' : cls < 0.001 ? cls.toPrecision(2) : cls.toFixed(3));
export const formatKb = (bytes) => (bytes === null ? '—' : `${(bytes / 1024).toFixed(1)} KB`);
const formatScore = (score) => (score === null ? '—' : score.toFixed(2));

/** One audit: one lighthouse() call, which gathers and audits in one go. Resolves to the report (lhr). */
async function runLighthouse(port, url) {
  const flags = { port, hostname: '127.0.0.1', output: 'json', logLevel: 'error', onlyCategories: CATEGORIES };
  const result = await lighthouse(url, flags);
  if (!result) throw new Error(`Lighthouse returned no result for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`Lighthouse could not measure ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  return lhr;
}

/** The audits that cost a category points: failed binary audits, numeric ones under 0.9. */
function lostPoints(lhr, category) {
  return lhr.categories[category].auditRefs
    .map((ref) => ({ ref, audit: lhr.audits[ref.id] }))
    .filter(({ audit }) => {
      if (!audit || audit.score === null) return false;
      if (audit.scoreDisplayMode === 'binary') return audit.score < 1;
      return ['numeric', 'metricSavings'].includes(audit.scoreDisplayMode) && audit.score < 0.9;
    })
    .sort((a, b) => b.ref.weight - a.ref.weight)
    .map(({ ref, audit }) => ({
      id: audit.id,
      title: audit.title,
      score: audit.score,
      weight: ref.weight,
      ...(audit.displayValue ? { displayValue: audit.displayValue } : {}),
    }));
}

/** What moved, as Lighthouse's layout-shifts audit names it: the element, its share of CLS, the causes it found. */
function shiftsOf(lhr) {
  const items = lhr.audits['layout-shifts']?.details?.items ?? [];
  return items.map((item) => ({
    element: item.node?.selector ?? item.node?.snippet ?? '(no element named)',
    score: item.score,
    causes: (item.subItems?.items ?? []).map((sub) => sub.cause),
  }));
}

/** What one audit run keeps: scores, metrics, which audits cost points where any were lost, and what shifted. */
function summarise(lhr, seconds) {
  const metric = (id) => lhr.audits[id]?.numericValue ?? null;
  const scores = Object.fromEntries(CATEGORIES.map((category) => [category, lhr.categories[category]?.score ?? null]));
  const losses = Object.fromEntries(
    CATEGORIES.filter((category) => scores[category] !== null && scores[category] < 1).map((category) => [category, lostPoints(lhr, category)]),
  );
  return {
    scores,
    fcpMs: metric('first-contentful-paint'),
    lcpMs: metric('largest-contentful-paint'),
    tbtMs: metric('total-blocking-time'),
    cls: metric('cumulative-layout-shift'),
    benchmarkIndex: lhr.environment?.benchmarkIndex ?? null,
    seconds,
    losses,
    shifts: shiftsOf(lhr),
  };
}

function median(values) {
  const known = values.filter((v) => typeof v === 'number').sort((a, b) => a - b);
  if (known.length === 0) return null;
  const middle = Math.floor(known.length / 2);
  return known.length % 2 ? known[middle] : (known[middle - 1] + known[middle]) / 2;
}

const ratio = (value, base) => (value === null || base === null || base === 0 ? null : value / base);

function mediansOf(page) {
  return {
    scores: Object.fromEntries(CATEGORIES.map((category) => [category, median(page.runs.map((run) => run.scores[category]))])),
    fcpMs: median(page.runs.map((run) => run.fcpMs)),
    lcpMs: median(page.runs.map((run) => run.lcpMs)),
    tbtMs: median(page.runs.map((run) => run.tbtMs)),
    cls: median(page.runs.map((run) => run.cls)),
    jsGzipBytes: page.jsGzipBytes,
  };
}

function ratiosTo(medians, floor) {
  return {
    performance: ratio(medians.scores.performance, floor.scores.performance),
    fcp: ratio(medians.fcpMs, floor.fcpMs),
    lcp: ratio(medians.lcpMs, floor.lcpMs),
    tbt: medians.tbtMs === null || floor.tbtMs === null ? null : medians.tbtMs / Math.max(floor.tbtMs, TBT_RESOLUTION_MS),
    cls: ratio(medians.cls, floor.cls),
    js: ratio(medians.jsGzipBytes, floor.jsGzipBytes),
  };
}

// ---------------------------------------------------------------------------------------
// The run

/**
 * Builds the floor (and the shop with `buildShop`), serves both, measures: the table of
 * `npm run bench:speed`. `paths`: the shop's pages (default /, /boutique and the first product).
 * Resolves to { floor, pages: [{ name, path, url, runs, medians, ratios, error? }], seconds, … }.
 * Throws only when nothing can be measured (no build, no Chromium, the floor fails to build);
 * a page that fails to load keeps its `error` and the others are still measured.
 */
export function measureAgainstFloor({ paths = [], buildShop = false, measuredRounds = MEASURED_ROUNDS } = {}) {
  return measurePages({ paths, buildShop, withFloor: true, warmUpRounds: WARM_UP_ROUNDS, measuredRounds, firstVisitJs: true });
}

/**
 * The shop's pages audited once each, without the floor: the scores and CLS that `npm test`
 * judges (scripts/speed/check-lighthouse.mjs). Neither depends on how fast the machine is, so
 * one audit a page says as much as five.
 */
export function auditShopPages({ paths = [] } = {}) {
  return measurePages({ paths, buildShop: false, withFloor: false, warmUpRounds: 0, measuredRounds: 1, firstVisitJs: false });
}

async function measurePages({ paths, buildShop, withFloor, warmUpRounds, measuredRounds, firstVisitJs }) {
  const started = performance.now();
  const loadAtStart = loadaverage();
  const running = { previews: [], browser: undefined };
  const onSignal = () => {
    for (const preview of running.previews) preview.kill();
    void (running.browser?.kill() ?? Promise.resolve()).finally(() => process.exit(130));
  };
  for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, onSignal);
  try {
    if (buildShop) {
      console.log('Building the shop (vite build)…');
      await runVite(['build']);
    }
    assertReadyToMeasure(ROOT, CHROMIUM_PATH);
    let floorDist = null;
    if (withFloor) {
      console.log('Building the floor (bench/floor)…');
      floorDist = await buildFloor();
    }
    const phases = { buildsSeconds: elapsedSince(started) };

    const shop = launchPreview({ root: ROOT, host: HOST, port: SHOP_PORT, cpuShare: true });
    running.previews.push(shop);
    const floorServer = withFloor ? launchPreview({ root: ROOT, host: HOST, port: FLOOR_PORT, config: FLOOR_CONFIG, outDir: floorDist, cpuShare: true }) : null;
    if (floorServer) running.previews.push(floorServer);
    await Promise.all(running.previews.map((preview) => preview.ready));

    // Bytes first, in one Playwright browser, before any audit runs (they do not depend on speed).
    const bytesStarted = performance.now();
    const playwright = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
    let pages;
    try {
      const shopPaths = paths.length ? paths : ['/', '/boutique', await productPath(playwright, shop.url)];
      pages = [
        ...(floorServer ? [{ name: 'floor', path: 'floor (bare stack)', url: `${floorServer.url}/`, runs: [] }] : []),
        ...shopPaths.map((path) => ({ name: path, path, url: `${shop.url}${path}`, runs: [] })),
      ];
      if (firstVisitJs) {
        console.log(`First-visit JavaScript of ${pages.length} pages…`);
        await Promise.all(
          pages.map(async (page) => {
            try {
              page.jsFiles = await measureFirstVisitJs(playwright, page.url);
              page.jsGzipBytes = totalGzipBytes(page.jsFiles);
            } catch (error) {
              page.error = `first visit: ${messageOf(error)}`;
            }
          }),
        );
      }
    } finally {
      await playwright.close();
    }
    phases.firstVisitJsSeconds = elapsedSince(bytesStarted);

    const auditsStarted = performance.now();
    running.browser = await startChromium();
    const { port, niceness } = running.browser;
    console.log(`Lighthouse: Chromium's scheduling group at niceness ${niceness}${niceness ? '' : ' (default share: not root, or no autogroups)'}`);
    for (let round = 0; round < warmUpRounds + measuredRounds; round++) {
      const warmUp = round < warmUpRounds;
      const label = warmUp ? `warm-up ${round + 1}` : `round ${round - warmUpRounds + 1}/${measuredRounds}`;
      for (const page of pages.filter((p) => !p.error)) {
        const runStarted = performance.now();
        try {
          const run = summarise(await runLighthouse(port, page.url), elapsedSince(runStarted));
          if (!warmUp) page.runs.push(run);
          console.log(
            `  ${label.padEnd(11)} ${page.path.padEnd(34)} perf ${formatScore(run.scores.performance)}  FCP ${formatMs(run.fcpMs)}  ` +
              `LCP ${formatMs(run.lcpMs)}  TBT ${formatMs(run.tbtMs)}  CLS ${formatCls(run.cls)}  index ${run.benchmarkIndex ?? '—'}  ` +
              `(${run.seconds} s${warmUp ? ', not counted' : ''})`,
          );
        } catch (error) {
          // A page that cannot be audited once has no median: it is out, the others go on.
          page.error = messageOf(error);
          console.error(`✗ ${page.path}: ${page.error}`);
        }
      }
    }

    phases.lighthouseSeconds = elapsedSince(auditsStarted);
    for (const page of pages) if (!page.error) page.medians = mediansOf(page);
    const floor = withFloor ? pages[0] : null;
    const shopPages = withFloor ? pages.slice(1) : pages;
    for (const page of shopPages) {
      if (page.medians && floor?.medians) page.ratios = ratiosTo(page.medians, floor.medians);
    }
    const indexes = pages.flatMap((page) => page.runs.map((run) => run.benchmarkIndex));
    return {
      generatedAt: new Date().toISOString(),
      commit: currentCommit(),
      rounds: { warmUp: warmUpRounds, measured: measuredRounds },
      cpuShareNiceness: niceness,
      tbtResolutionMs: TBT_RESOLUTION_MS,
      // Lighthouse's own measure of this machine's speed (higher is faster), over every audit.
      benchmarkIndex: { median: median(indexes), min: minOf(indexes), max: maxOf(indexes) },
      legend: legend(measuredRounds),
      floor,
      pages: shopPages,
      seconds: elapsedSince(started),
      phases,
      // How busy the machine was (1-minute load average; 2 means both cores busy).
      loadAverage: { start: loadAtStart, end: loadaverage() },
    };
  } finally {
    await running.browser?.stop().catch((error) => console.error(`(could not clean up Chromium: ${messageOf(error)})`));
    await Promise.all(running.previews.map((preview) => preview.stop()));
    for (const signal of ['SIGINT', 'SIGTERM']) process.off(signal, onSignal);
  }
}

const known = (values) => values.filter((v) => typeof v === 'number');
const minOf = (values) => (known(values).length ? Math.min(...known(values)) : null);
const maxOf = (values) => (known(values).length ? Math.max(...known(values)) : null);

/** The checked-out commit, short, with `+` when the working tree differs from it. */
function currentCommit() {
  const git = (args) => spawnSync('git', args, { cwd: ROOT, encoding: 'utf8' });
  const head = git(['rev-parse', '--short', 'HEAD']);
  if (head.status !== 0) return null;
  const dirty = git(['status', '--porcelain', '--untracked-files=no']).stdout.trim() !== '';
  return `${head.stdout.trim()}${dirty ? '+' : ''}`;
}

// ---------------------------------------------------------------------------------------
// Output

const formatRatio = (value) => (value === null || value === undefined ? '' : `×${value.toFixed(2)}`);

/** The side-by-side table of medians, each with its ratio to the floor, and its legend. */
export function printTable(table) {
  const rows = [table.floor, ...table.pages].filter(Boolean);
  const width = Math.max(18, ...rows.map((row) => row.path.length));
  const cell = (value, ratioValue) => `${value.padStart(8)} ${formatRatio(ratioValue).padEnd(6)}`;
  const { buildsSeconds, firstVisitJsSeconds, lighthouseSeconds } = table.phases;
  console.log(
    `\nSpeed against the floor (${table.seconds} s: builds ${buildsSeconds} s, first-visit JS ${firstVisitJsSeconds} s, ` +
      `Lighthouse ${lighthouseSeconds} s; CPU share: niceness ${table.cpuShareNiceness}; ` +
      `load average ${table.loadAverage.start} → ${table.loadAverage.end})`,
  );
  console.log(`  ${describeMachine(table)}`);
  console.log(`  ${'page'.padEnd(width)} ${['perf', 'FCP', 'LCP', 'TBT', 'CLS', 'JS gzip'].map((h) => cell(h, null)).join(' ')}`);
  for (const row of rows) {
    if (!row.medians) {
      console.log(`  ${row.path.padEnd(width)} ✗ not measured: ${row.error}`);
      continue;
    }
    console.log(`  ${row.path.padEnd(width)} ${cellsOf(row, cell).join(' ')}`);
  }
  for (const line of table.legend) console.log(`  ${line}`);
}

/** A measured row's cells (perf, FCP, LCP, TBT, CLS, JS), each a value and its ratio, as `cell` writes them. */
function cellsOf(row, cell) {
  const m = row.medians;
  const r = row.ratios ?? {};
  return [
    cell(formatScore(m.scores.performance), r.performance),
    cell(formatMs(m.fcpMs), r.fcp),
    cell(formatMs(m.lcpMs), r.lcp),
    cell(formatMs(m.tbtMs), r.tbt),
    cell(formatCls(m.cls), r.cls),
    cell(formatKb(m.jsGzipBytes ?? null), r.js),
  ];
}

/** When, on which commit and on how fast a machine (Lighthouse's benchmarkIndex) a table was measured. */
function describeMachine(table) {
  const { median: index, min, max } = table.benchmarkIndex ?? {};
  const range = index === null || index === undefined ? 'not reported' : `${Math.round(index)} (median; ${Math.round(min)}–${Math.round(max)} over the audits)`;
  return `Measured ${table.generatedAt.slice(0, 16).replace('T', ' ')} UTC on commit ${table.commit ?? 'unknown'}; Lighthouse benchmarkIndex ${range}`;
}

/** The same table as Markdown, for docs/performance.md (written to .reports/bench-speed.md). */
export function markdownTable(table) {
  const rows = [table.floor, ...table.pages].filter(Boolean);
  const cell = (value, ratioValue) => `${value}${ratioValue === null || ratioValue === undefined ? '' : ` (${formatRatio(ratioValue)})`}`;
  const lines = [
    `${describeMachine(table)}; load average ${table.loadAverage.start} → ${table.loadAverage.end}.`,
    '',
    '| page | perf | FCP | LCP | TBT | CLS | JS gzip |',
    '|---|---|---|---|---|---|---|',
  ];
  for (const row of rows) {
    if (!row.medians) {
      lines.push(`| ${row.path} | not measured: ${row.error} | | | | | |`);
      continue;
    }
    lines.push(`| ${row.path} | ${cellsOf(row, cell).join(' | ')} |`);
  }
  return `${lines.join('\n')}\n`;
}

/** Writes .reports/<file>. */
export function writeReport(file, report) {
  mkdirSync(REPORTS, { recursive: true });
  writeFileSync(join(REPORTS, file), `${JSON.stringify(report, null, 2)}\n`);
}
