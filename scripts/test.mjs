// `npm test`: typecheck, lint, the web component tests (happy-dom), the unit and integration suite (PGlite, and
// PostgreSQL too when TEST_DATABASE_URL is set), the production build with its size budget, and the end-to-end
// suite in Chromium.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';

const totals = { passed: 0, failed: 0, skipped: 0 };
const failures = [];

function run(title, command, args, env = {}) {
  console.log(`\n━━ ${title} ━━`);
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  const ok = result.status === 0;
  if (!ok) failures.push(title);
  return ok;
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

run('typecheck', ...npx('tsc', '-p', 'tsconfig.json', '--noEmit'));
run('lint', ...npx('eslint', '.', '--max-warnings=0'));

run('web component tests', ...vitest('web', 'test-results/vitest-web.json'));
countVitest('test-results/vitest-web.json');

const { TEST_DATABASE_URL } = process.env;
run('unit and integration tests (embedded PGlite)', ...vitest('server', 'test-results/vitest-pglite.json'), { TEST_DATABASE_URL: '' });
countVitest('test-results/vitest-pglite.json');
if (TEST_DATABASE_URL) {
  run('unit and integration tests (PostgreSQL)', ...vitest('server', 'test-results/vitest-postgres.json'));
  countVitest('test-results/vitest-postgres.json');
}

const built = run('production build', 'npm', ['run', '--silent', 'build']);
if (built) run('bundle size budget', process.execPath, ['scripts/check-bundle-size.mjs']);

const chrome = process.env.CHROME_PATH || '/usr/bin/chromium';
if (!existsSync(chrome)) {
  const notice = `No Chromium at ${chrome}: THE END-TO-END TESTS DID NOT RUN. Install it (apt-get install -y chromium) or set CHROME_PATH.`;
  console.log(`\n${'!'.repeat(notice.length)}\n${notice}\n${'!'.repeat(notice.length)}`);
  if (process.env.REQUIRE_E2E === '1') failures.push('end-to-end tests (REQUIRE_E2E=1 but no browser)');
} else if (built) {
  run('end-to-end tests (Chromium)', ...npx('playwright', 'test'), { CHROME_PATH: chrome });
  countPlaywright('test-results/e2e.json');
}

console.log('\n━━ summary ━━');
if (failures.length) console.log(`failed steps: ${failures.join(', ')}`);
console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failures.length ? 1 : 0);
