// `npm test`: typecheck, lint, the web component tests (happy-dom), the unit and integration suite (PGlite, and
// PostgreSQL too when TEST_DATABASE_URL is set), the production build with its size budget, and the end-to-end
// suite in Chromium.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';

const totals = { passed: 0, failed: 0, skipped: 0 };
/** Each failed step with the last lines it printed: CI shows only the end of the output, so the summary repeats them. */
const failures = [];
const TAIL_LINES = 60;

/** Runs a step, passing its output through while keeping its last lines. */
function run(title, command, args, env = {}) {
  console.log(`\n━━ ${title} ━━`);
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ['inherit', 'pipe', 'pipe'], env: { ...process.env, ...env } });
    let tail = [];
    const keep = (chunk, stream) => {
      stream.write(chunk);
      tail = tail.concat(chunk.toString().split('\n')).slice(-TAIL_LINES);
    };
    child.stdout.on('data', (chunk) => keep(chunk, process.stdout));
    child.stderr.on('data', (chunk) => keep(chunk, process.stderr));
    child.on('close', (code, signal) => {
      const ok = code === 0;
      if (!ok) failures.push({ title, reason: signal ? `killed by ${signal}` : `exit code ${code}`, tail });
      resolve(ok);
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
  const { stats } = JSON.parse(readFileSync(file, 'utf8'));
  totals.passed += stats.expected + stats.flaky;
  totals.failed += stats.unexpected;
  totals.skipped += stats.skipped;
}

rmSync('test-results', { recursive: true, force: true });
mkdirSync('test-results', { recursive: true });
const npx = (bin, ...args) => [process.execPath, [`node_modules/.bin/${bin}`, ...args]];
// One Vitest project per step (vitest.config.ts): the web tests need no database, so they run once.
const vitest = (project, report) =>
  npx('vitest', 'run', `--project=${project}`, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`);

await run('typecheck', ...npx('tsc', '-p', 'tsconfig.json', '--noEmit'));
await run('lint', ...npx('eslint', '.', '--max-warnings=0'));
await run('feature graph', process.execPath, ['scripts/check-feature-graph.mjs']);

await run('web component tests', ...vitest('web', 'test-results/vitest-web.json'));
countVitest('test-results/vitest-web.json');

const { TEST_DATABASE_URL } = process.env;
await run('unit and integration tests (embedded PGlite)', ...vitest('server', 'test-results/vitest-pglite.json'), { TEST_DATABASE_URL: '' });
countVitest('test-results/vitest-pglite.json');
if (TEST_DATABASE_URL) {
  await run('unit and integration tests (PostgreSQL)', ...vitest('server', 'test-results/vitest-postgres.json'));
  countVitest('test-results/vitest-postgres.json');
}

const built = await run('production build', 'npm', ['run', '--silent', 'build']);
if (built) await run('bundle size budget', process.execPath, ['scripts/check-bundle-size.mjs']);

const chrome = process.env.CHROME_PATH || '/usr/bin/chromium';
if (!existsSync(chrome)) {
  const notice = `No Chromium at ${chrome}: THE END-TO-END TESTS DID NOT RUN. Install it (apt-get install -y chromium) or set CHROME_PATH.`;
  console.log(`\n${'!'.repeat(notice.length)}\n${notice}\n${'!'.repeat(notice.length)}`);
  if (process.env.REQUIRE_E2E === '1') failures.push({ title: 'end-to-end tests', reason: 'REQUIRE_E2E=1 but no browser', tail: [] });
} else if (built) {
  await run('end-to-end tests (Chromium)', ...npx('playwright', 'test'), { CHROME_PATH: chrome });
  countPlaywright('test-results/e2e.json');
}

console.log('\n━━ summary ━━');
for (const { title, reason, tail } of failures) {
  console.log(`\n✗ ${title} (${reason}); its last lines:\n${tail.join('\n')}`);
}
if (failures.length) console.log(`\nfailed steps: ${failures.map((f) => f.title).join(', ')}`);
console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failures.length ? 1 : 0);
