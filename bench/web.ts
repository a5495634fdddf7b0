/**
 * The phone benchmark (decision 043): Lighthouse 12's mobile preset (simulated slow 4G and a 4× slower CPU) against the
 * built server with the demo neighbourhood, 3 runs per page, the median by performance score. `npm run bench:web`;
 * `-- --server-dir /path/to/checkout` serves another checkout's build instead (a "before"). See bench/README.md.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { launch, type LaunchedChrome } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { likeAsks, launchPhoneBrowser, messageAsks, mobileMenuOpens, phoneRun, PHONE_THROTTLING, searchRuns, themeMenuOpens, type FirstAct, type PhoneRun } from '../test/support/phone.js';
// @ts-expect-error -- a plain .mjs script, typed by its JSDoc only
import { PAGE_BUDGET_KB, pageScripts } from '../scripts/check-bundle-size.mjs';
import { failed, freePort, HOST, log, machine, printTable, resultsDir, root, startServer, stopServer } from './server.js';

const { values: args } = parseArgs({
  options: {
    'server-dir': { type: 'string', default: root },
    runs: { type: 'string', default: '3' },
    port: { type: 'string', default: '0' },
    build: { type: 'boolean', default: false },
    out: { type: 'string', default: join(resultsDir, 'web-latest.json') },
    /** A folder for each page's median Lighthouse report in full (`<page>.report.json`, opens in the Lighthouse viewer). */
    'lhr-dir': { type: 'string' },
    /** Only these pages (home, browse, listing; repeatable); all three when absent. */
    page: { type: 'string', multiple: true },
    /** Leave Lighthouse out (the phone checks only), for quick trials. */
    'no-lighthouse': { type: 'boolean', default: false },
    /** Leave the phone checks out (Lighthouse only). */
    'no-phone': { type: 'boolean', default: false },
  },
});
const serverDir = resolve(args['server-dir']);
const RUNS = Number(args.runs);
const CHROME_PATH = process.env.CHROME_PATH || '/usr/bin/chromium';
/** Held by builds of the shared dist/ and the end-to-end runs that serve it (flock(1)); none when unset. */
const BUILD_LOCK = process.env.BENCH_BUILD_LOCK;

/** The phone targets (decision 043), each figure judged on the median run. */
const TARGETS = {
  performance: { min: 95 },
  accessibility: { min: 100 },
  bestPractices: { min: 95 },
  seo: { min: 100 },
  lcpSeconds: { max: 1.2 },
  cls: { max: 0.02 },
  tbtMs: { max: 100 },
} as const;
type TargetName = keyof typeof TARGETS;

// ---------------------------------------------------------------- the build to serve

const ENTRY_FILES = ['dist/node/server/main.js', 'dist/public/index.html'];
const BUILD_INPUTS = ['src', 'package-lock.json', 'vite.config.ts', 'tsconfig.json', 'tsconfig.server.json'];

function newest(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...readdirSync(path).map((name) => newest(join(path, name))));
}

/** Missing, or older than its sources (as `npm start` judges it: dist/.build-stamp, else the server's entry). */
function buildNeeded(dir: string): string | undefined {
  const missing = ENTRY_FILES.find((file) => !existsSync(join(dir, file)));
  if (missing) return `${missing} is missing`;
  const stamp = join(dir, 'dist/.build-stamp');
  const built = existsSync(stamp) ? statSync(stamp).mtimeMs : statSync(join(dir, ENTRY_FILES[0]!)).mtimeMs;
  if (Math.max(...BUILD_INPUTS.map((input) => newest(join(dir, input)))) > built) return 'the sources are newer than dist/';
  return undefined;
}

/** `command` under the build lock when one is named (so no build empties dist/ meanwhile). */
function locked(command: string, commandArgs: string[], cwd: string) {
  const [file, fileArgs] = BUILD_LOCK ? ['flock', [BUILD_LOCK, command, ...commandArgs]] : [command, commandArgs];
  execFileSync(file, fileArgs, { cwd, stdio: 'inherit' });
}

/**
 * The folder the server runs in. This checkout's dist/ is shared (other builds and end-to-end runs use it), so it is
 * built if needed and copied, under the lock, into a temporary folder beside a link to node_modules: a build started
 * during the runs cannot take the pages' files away. Another checkout's build is served where it is.
 */
function prepareServerDir(): { dir: string; builtAt: string; cleanup: () => void } {
  const own = serverDir === root;
  // A stale build is only reported: rebuilding a shared dist/ unasked would pull it from under other users.
  const needed = buildNeeded(serverDir);
  const reason = args.build ? '--build' : needed?.endsWith('missing') ? needed : undefined;
  if (needed && !reason) log(`${serverDir}: ${needed}; serving it as it is (--build rebuilds it first)`);
  if (reason) {
    log(`${serverDir}: ${reason}: npm run build${BUILD_LOCK ? ` (under ${BUILD_LOCK})` : ''}`);
    locked('npm', ['run', '--silent', 'build'], serverDir);
    if (own) writeFileSync(join(root, 'dist/.build-stamp'), new Date().toISOString());
  }
  const builtAt = statSync(join(serverDir, ENTRY_FILES[0]!)).mtime.toISOString();
  if (!own) return { dir: serverDir, builtAt, cleanup: () => {} };
  const copy = mkdtempSync(join(tmpdir(), 'csm-bench-web-build-'));
  locked('cp', ['-a', join(root, 'dist'), join(copy, 'dist')], root);
  symlinkSync(join(root, 'node_modules'), join(copy, 'node_modules'));
  return { dir: copy, builtAt, cleanup: () => rmSync(copy, { recursive: true, force: true }) };
}

async function waitForReady(base: string) {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if ((await fetch(`${base}/api/ready`).catch(() => undefined))?.ok) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('the server did not answer /api/ready within 120 s');
}

// ---------------------------------------------------------------- Lighthouse

/** The parts of Lighthouse's result read here. */
interface Audit {
  id: string;
  title: string;
  score: number | null;
  scoreDisplayMode: string;
  numericValue?: number;
  displayValue?: string;
  metricSavings?: Record<string, number | undefined>;
  details?: { type?: string; items?: Array<Record<string, unknown>>; overallSavingsMs?: number; overallSavingsBytes?: number };
}
interface Lhr {
  lighthouseVersion: string;
  finalDisplayedUrl: string;
  runWarnings: string[];
  runtimeError?: { code: string; message: string };
  configSettings: { formFactor: string; throttlingMethod: string; throttling: Record<string, number> };
  categories: Record<string, { score: number | null; auditRefs: Array<{ id: string; weight: number; group?: string }> }>;
  audits: Record<string, Audit>;
}

interface Weight {
  requests: number;
  bytes: number;
}
interface RunFigures {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  fcpSeconds: number;
  lcpSeconds: number;
  speedIndexSeconds: number;
  cls: number;
  tbtMs: number;
  transferredBytes: number;
  scriptBytes: number;
  /** Transferred bytes and requests by Lighthouse's resource type (Document, Script, Stylesheet, Image, Fetch, …). */
  byType: Record<string, Weight>;
  scripts: Array<{ url: string; transferSize: number; resourceSize: number }>;
}

const score = (lhr: Lhr, category: string) => Math.round((lhr.categories[category]?.score ?? NaN) * 100);
const numeric = (lhr: Lhr, audit: string) => lhr.audits[audit]?.numericValue ?? NaN;

function figuresOf(lhr: Lhr): RunFigures {
  const requests = (lhr.audits['network-requests']?.details?.items ?? []) as Array<{
    url: string;
    resourceType?: string;
    transferSize?: number;
    resourceSize?: number;
  }>;
  const byType: Record<string, Weight> = {};
  for (const r of requests) {
    const type = r.resourceType ?? 'Other';
    const entry = (byType[type] ??= { requests: 0, bytes: 0 });
    entry.requests++;
    entry.bytes += r.transferSize ?? 0;
  }
  const scripts = requests
    .filter((r) => r.resourceType === 'Script')
    .map((r) => ({ url: r.url.replace(/^https?:\/\/[^/]+/, ''), transferSize: r.transferSize ?? 0, resourceSize: r.resourceSize ?? 0 }));
  return {
    performance: score(lhr, 'performance'),
    accessibility: score(lhr, 'accessibility'),
    bestPractices: score(lhr, 'best-practices'),
    seo: score(lhr, 'seo'),
    fcpSeconds: numeric(lhr, 'first-contentful-paint') / 1000,
    lcpSeconds: numeric(lhr, 'largest-contentful-paint') / 1000,
    speedIndexSeconds: numeric(lhr, 'speed-index') / 1000,
    cls: numeric(lhr, 'cumulative-layout-shift'),
    tbtMs: numeric(lhr, 'total-blocking-time'),
    transferredBytes: numeric(lhr, 'total-byte-weight'),
    scriptBytes: scripts.reduce((sum, s) => sum + s.transferSize, 0),
    byType,
    scripts,
  };
}

/** An audit's first table rows, plain values only (URLs without the origin), for the report to name the culprits. */
function topItems(audit: Audit, count = 5): Array<Record<string, string | number>> {
  const items = audit.details?.items ?? [];
  const plain = (value: unknown): string | number | undefined => {
    if (typeof value === 'number') return Math.round(value * 100) / 100;
    if (typeof value === 'string') return value.replace(/^https?:\/\/[^/]+/, '').slice(0, 160);
    if (value && typeof value === 'object' && 'type' in value && (value as { type: string }).type === 'node') {
      const node = value as { selector?: string; snippet?: string };
      return `${node.selector ?? ''} ${node.snippet ?? ''}`.trim().slice(0, 160);
    }
    return undefined;
  };
  // Newer audits nest their tables (a table of tables, an issue with its sub-items): their rows are read as one list.
  const rows = items.flatMap((item): Array<Record<string, unknown>> => {
    const nested = (item.items ?? (item.subItems as { items?: unknown } | undefined)?.items) as Array<Record<string, unknown>> | undefined;
    const own = Object.fromEntries(Object.entries(item).filter(([key]) => key !== 'items' && key !== 'subItems' && key !== 'type'));
    return Array.isArray(nested) ? [...(Object.keys(own).length > 0 ? [own] : []), ...nested] : [item];
  });
  return rows
    .map((item) => {
      const row: Record<string, string | number> = {};
      for (const [key, value] of Object.entries(item)) {
        const v = plain(value);
        if (v !== undefined) row[key] = v;
      }
      return row;
    })
    .filter((row) => Object.keys(row).length > 0)
    .slice(0, count);
}

/** What the median run found wrong: each category's audits below full marks, and the performance opportunities. */
function findingsOf(lhr: Lhr) {
  const failing: Record<string, Array<{ id: string; title: string; score: number | null; displayValue?: string }>> = {};
  for (const [name, category] of Object.entries(lhr.categories)) {
    failing[name] = category.auditRefs
      .map((ref) => lhr.audits[ref.id])
      .filter((a): a is Audit => !!a && a.score !== null && a.score < 1 && ['binary', 'numeric', 'metricSavings'].includes(a.scoreDisplayMode))
      .filter((a) => name !== 'performance' || !a.id.match(/^(first-contentful-paint|largest-contentful-paint|speed-index|total-blocking-time|cumulative-layout-shift)$/))
      .map((a) => ({ id: a.id, title: a.title, score: a.score, displayValue: a.displayValue, items: topItems(a) }));
  }
  const opportunities = Object.values(lhr.audits)
    .filter((a) => a.details?.type === 'opportunity' && ((a.details.overallSavingsMs ?? 0) > 0 || (a.details.overallSavingsBytes ?? 0) > 0))
    .map((a) => ({ id: a.id, title: a.title, savingsMs: a.details?.overallSavingsMs ?? 0, savingsBytes: a.details?.overallSavingsBytes ?? 0, displayValue: a.displayValue, items: topItems(a) }))
    .sort((a, b) => b.savingsMs - a.savingsMs || b.savingsBytes - a.savingsBytes);
  // Diagnostics: performance audits that are not metrics or opportunities and did not pass (or only inform, with a value).
  const metricIds = new Set(lhr.categories.performance?.auditRefs.filter((r) => r.group === 'metrics').map((r) => r.id));
  const diagnostics = (lhr.categories.performance?.auditRefs ?? [])
    .map((ref) => lhr.audits[ref.id])
    .filter((a): a is Audit => !!a && !metricIds.has(a.id) && a.details?.type !== 'opportunity')
    .filter((a) => a.scoreDisplayMode !== 'notApplicable' && a.score !== null && a.score < 1)
    .map((a) => ({ id: a.id, title: a.title, score: a.score, displayValue: a.displayValue, metricSavings: a.metricSavings }));
  return { failing, opportunities, diagnostics, runWarnings: lhr.runWarnings };
}

/** Lighthouse's errors about its own trace, not the page: the run is made again (at most twice). */
const TRACE_ERRORS = new Set(['NO_NAVSTART', 'NO_FCP', 'NO_TRACING_STARTED', 'NO_RESOURCE_REQUEST']);

async function audit(chrome: LaunchedChrome, url: string, attempt = 1): Promise<Lhr> {
  const result = await lighthouse(url, {
    port: chrome.port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
  });
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const lhr = result.lhr as unknown as Lhr;
  if (lhr.runtimeError && TRACE_ERRORS.has(lhr.runtimeError.code) && attempt < 3) {
    log(`${url}: Lighthouse's trace failed (${lhr.runtimeError.code}); running it again`);
    return audit(chrome, url, attempt + 1);
  }
  if (lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  return lhr;
}

// ---------------------------------------------------------------- report

const kb = (bytes: number) => (bytes / 1024).toFixed(1);
const verdict = (name: TargetName, value: number) => {
  const target: { min?: number; max?: number } = TARGETS[name];
  return (target.min !== undefined ? value >= target.min : value <= target.max!) ? 'PASS' : 'MISS';
};
const limitText = (name: TargetName) => {
  const target: { min?: number; max?: number } = TARGETS[name];
  return target.min !== undefined ? `≥ ${target.min}` : `≤ ${target.max}`;
};

function printPage(title: string, runs: RunFigures[], median: RunFigures) {
  const line = (label: string, pick: (f: RunFigures) => number, format: (v: number) => string, target?: TargetName) => [
    label,
    ...runs.map((r) => format(pick(r))),
    format(pick(median)),
    target ? limitText(target) : '',
    target ? verdict(target, pick(median)) : '',
  ];
  const lines = [
    line('performance', (f) => f.performance, String, 'performance'),
    line('accessibility', (f) => f.accessibility, String, 'accessibility'),
    line('best practices', (f) => f.bestPractices, String, 'bestPractices'),
    line('SEO', (f) => f.seo, String, 'seo'),
    line('FCP (s)', (f) => f.fcpSeconds, (v) => v.toFixed(2)),
    line('LCP (s)', (f) => f.lcpSeconds, (v) => v.toFixed(2), 'lcpSeconds'),
    line('CLS', (f) => f.cls, (v) => v.toFixed(3), 'cls'),
    line('TBT (ms)', (f) => f.tbtMs, (v) => String(Math.round(v)), 'tbtMs'),
    line('Speed Index (s)', (f) => f.speedIndexSeconds, (v) => v.toFixed(2)),
    line('transferred (KB)', (f) => f.transferredBytes, kb),
    line('JS transferred (KB)', (f) => f.scriptBytes, kb),
  ];
  printTable(title, ['figure', ...runs.map((_, i) => `run ${i + 1}`), 'median', 'target', ''], lines);
  const types = Object.entries(median.byType).sort((a, b) => b[1].bytes - a[1].bytes);
  printTable(
    'page weight of the median run, transferred',
    ['resource type', 'requests', 'KB'],
    [...types.map(([type, w]) => [type, String(w.requests), kb(w.bytes)]), ['total', String(types.reduce((n, [, w]) => n + w.requests, 0)), kb(median.transferredBytes)]],
  );
}

// ---------------------------------------------------------------- the first acts on a phone

interface PageScripts {
  gzipKb: number;
}

/** The budget script's figures for the served build, by the benchmark's page names. */
function pageScriptBudgets(dir: string): Record<string, PageScripts> {
  const byPage = (pageScripts as (root: string) => Record<string, PageScripts>)(dir);
  const names: Record<string, string> = { home: 'home', browse: 'browse', listing: 'service', member: 'member', about: 'about' };
  return Object.fromEntries(Object.entries(names).flatMap(([bench, budget]) => (byPage[budget] ? [[bench, byPage[budget]]] : [])));
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** Each act of the page RUNS times on a fresh throttled visit, and the page's JavaScript before it can react. */
async function phoneChecks(browser: Awaited<ReturnType<typeof launchPhoneBrowser>>, base: string, page: { name: string; path: string; acts: FirstAct[] }, budgets: Record<string, PageScripts>) {
  const acts: Record<string, PhoneRun[]> = {};
  for (const act of page.acts) {
    acts[act.name] = [];
    for (let run = 1; run <= RUNS; run++) {
      log(`${page.path}: on a phone, ${act.name} at the first paint, run ${run} of ${RUNS}`);
      acts[act.name]!.push(await phoneRun(browser, `${base}${page.path}`, act));
    }
  }
  const all = Object.values(acts).flat();
  const figures = {
    fcpMs: median(all.map((r) => r.fcpMs)),
    startedMs: median(all.map((r) => r.startedMs)),
    hydrationAfterFcpMs: median(all.map((r) => r.hydrationAfterFcpMs)),
    scriptKbTransferred: Number((median(all.map((r) => r.scriptBytesBeforeStart)) / 1024).toFixed(1)),
    scriptKbGzip: budgets[page.name]?.gzipKb,
  };
  printTable(
    `${page.path} (${page.name}) on a phone: ${RUNS} fresh visits per act, the act done at the first contentful paint`,
    ['act', ...Array.from({ length: RUNS }, (_, i) => `run ${i + 1}`), 'took effect'],
    Object.entries(acts).map(([name, runs]) => [
      name,
      ...runs.map((r) => `${r.tookEffect ? 'yes' : 'LOST'} (FCP ${r.fcpMs}, act ${r.actedAtMs}, started ${r.startedMs} ms)`),
      `${runs.filter((r) => r.tookEffect).length} of ${runs.length}`,
    ]),
  );
  printTable(`${page.path} (${page.name}) on a phone, medians`, ['figure', 'value', 'target', ''], [
    ['first contentful paint (ms)', String(figures.fcpMs), '', ''],
    ['app started (ms)', String(figures.startedMs), '', ''],
    ['started after the first paint (ms)', String(figures.hydrationAfterFcpMs), '≤ 1000', figures.hydrationAfterFcpMs <= 1000 ? 'PASS' : 'MISS'],
    ['JavaScript before it reacts, transferred (KB)', String(figures.scriptKbTransferred), '', ''],
    ['JavaScript before it reacts, gzip (KB, the budget)', String(figures.scriptKbGzip ?? '–'), `≤ ${PAGE_BUDGET_KB}`, figures.scriptKbGzip === undefined ? '' : figures.scriptKbGzip <= PAGE_BUDGET_KB ? 'PASS' : 'MISS'],
  ]);
  return { path: page.path, figures, acts };
}

// ---------------------------------------------------------------- main

async function main() {
  mkdirSync(resultsDir, { recursive: true });
  if (!existsSync(CHROME_PATH)) throw new Error(`no Chromium at ${CHROME_PATH}; set CHROME_PATH`);
  const served = prepareServerDir();
  const dataDir = mkdtempSync(join(tmpdir(), 'csm-bench-web-data-'));
  const port = Number(args.port) || (await freePort());
  const base = `http://${HOST}:${port}`;
  let chrome: LaunchedChrome | undefined;
  // Simulated throttling scales the CPU time this machine took, so a busy machine shows in TBT: the load is recorded.
  const loadBefore = loadavg();
  try {
    log(`serving ${serverDir} (built ${served.builtAt}) on ${base} with the demo neighbourhood`);
    // As deployed: production, the signed-out page cache on (LISTINGS_CACHE_MS's default), a fresh embedded database.
    await startServer(port, { DATA_DIR: dataDir, DEMO_DATA: '1' }, served.dir);
    await waitForReady(base);
    const listings = (await (await fetch(`${base}/api/services`)).json()) as { services: Array<{ id: number; user: { username: string } }> };
    const first = listings.services[0];
    if (first === undefined) throw new Error('GET /api/services has no listing: is the demo neighbourhood seeded?');
    const home = await (await fetch(`${base}/`)).text();
    const serverRendered = home.includes('id="page-state"');
    log(`GET / is ${serverRendered ? '' : 'NOT '}server-rendered (id="page-state" ${serverRendered ? 'present' : 'absent'})`);

    // Lighthouse's three pages, and the phone checks' five (each public page the server renders, decision 068).
    const pages: Array<{ name: string; path: string; lighthouse: boolean; acts: FirstAct[] }> = [
      { name: 'home', path: '/', lighthouse: true, acts: [themeMenuOpens, mobileMenuOpens] },
      { name: 'browse', path: '/services', lighthouse: true, acts: [searchRuns('garden'), themeMenuOpens] },
      { name: 'listing', path: `/services/${first.id}`, lighthouse: true, acts: [likeAsks, messageAsks, themeMenuOpens] },
      { name: 'member', path: `/members/${encodeURIComponent(first.user.username)}`, lighthouse: false, acts: [themeMenuOpens] },
      { name: 'about', path: '/about', lighthouse: false, acts: [themeMenuOpens] },
    ].filter((page) => !args.page || args.page.includes(page.name));
    if (pages.length === 0) throw new Error(`--page takes home, browse, listing, member or about, not ${args.page?.join(', ')}`);
    const report: Record<string, unknown> = {};
    const phone: Record<string, unknown> = {};
    let settings: Lhr['configSettings'] | undefined;
    let version = '';
    if (!args['no-lighthouse']) chrome = await launch({ chromePath: CHROME_PATH, chromeFlags: ['--headless=new', '--no-sandbox'] });
    for (const page of pages.filter((p) => p.lighthouse && chrome)) {
      const lhrs: Lhr[] = [];
      for (let run = 1; run <= RUNS; run++) {
        log(`${page.path}: Lighthouse run ${run} of ${RUNS}`);
        lhrs.push(await audit(chrome!, `${base}${page.path}`));
      }
      settings = lhrs[0]!.configSettings;
      version = lhrs[0]!.lighthouseVersion;
      const runs = lhrs.map(figuresOf);
      // The median run by performance score (ties: by LCP), and every figure of that run.
      const order = runs.map((_, i) => i).sort((a, b) => runs[a]!.performance - runs[b]!.performance || runs[b]!.lcpSeconds - runs[a]!.lcpSeconds);
      const medianIndex = order[Math.floor(order.length / 2)]!;
      const median = runs[medianIndex]!;
      printPage(`${page.path} (${page.name}), Lighthouse ${version} mobile, ${RUNS} runs, median by performance = run ${medianIndex + 1}`, runs, median);
      const targets = Object.fromEntries(
        (Object.keys(TARGETS) as TargetName[]).map((name) => [name, { value: median[name], ...TARGETS[name], met: verdict(name, median[name]) === 'PASS' }]),
      );
      if (args['lhr-dir']) {
        mkdirSync(args['lhr-dir'], { recursive: true });
        writeFileSync(join(args['lhr-dir'], `${page.name}.report.json`), JSON.stringify(lhrs[medianIndex]));
      }
      report[page.name] = { path: page.path, runs, medianRun: medianIndex + 1, median, targets, findings: findingsOf(lhrs[medianIndex]!) };
    }
    await chrome?.kill();
    chrome = undefined;
    if (!args['no-phone']) {
      const browser = await launchPhoneBrowser(CHROME_PATH);
      try {
        const budgets = pageScriptBudgets(served.dir);
        for (const page of pages) phone[page.name] = await phoneChecks(browser, base, page, budgets);
      } finally {
        await browser.close();
      }
    }
    const out = {
      machine: machine(),
      date: new Date().toISOString(),
      serverDir,
      builtAt: served.builtAt,
      serverRendered,
      lighthouse: version,
      chromium: execFileSync(CHROME_PATH, ['--version'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim(),
      loadAverage: { before: loadBefore, after: loadavg() },
      settings: { runs: RUNS, formFactor: settings?.formFactor, throttlingMethod: settings?.throttlingMethod, throttling: settings?.throttling },
      targets: TARGETS,
      pages: report,
      phone: { throttling: PHONE_THROTTLING, runs: RUNS, pages: phone },
    };
    writeFileSync(args.out, `${JSON.stringify(out, null, 2)}\n`);
    log(`wrote ${args.out}`);
  } finally {
    await chrome?.kill();
    await stopServer();
    rmSync(dataDir, { recursive: true, force: true });
    served.cleanup();
  }
}

main().catch(failed);
