// `npm run fuzz [-- --requests N --seed S]`: generated hostile requests to every route (test/fuzz.test.ts, decision 019),
// 10,000 by default, on PGlite and, when TEST_DATABASE_URL (or DATABASE_URL) names a PostgreSQL server, on PostgreSQL
// too (it creates and drops its own csm_test_* databases there). Prints the figures; fails on any 5xx or any row
// changed by a refused request. FUZZ_REQUESTS and FUZZ_SEED work as well as the flags.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { parseArgs } from 'node:util';

const { values } = parseArgs({ options: { requests: { type: 'string' }, seed: { type: 'string' } } });
const requests = values.requests ?? process.env.FUZZ_REQUESTS ?? '10000';
const seed = values.seed ?? process.env.FUZZ_SEED ?? '14';
if (!/^\d+$/.test(requests) || !/^\d+$/.test(seed)) {
  console.error('--requests and --seed take whole numbers');
  process.exit(2);
}

const postgres = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL;
const engines = [{ name: 'PGlite', url: '' }, ...(postgres ? [{ name: 'PostgreSQL', url: postgres }] : [])];
const summaries = [];
let failed = false;

for (const engine of engines) {
  const report = `test-results/fuzz-${engine.name.toLowerCase()}.json`;
  rmSync(report, { force: true });
  console.log(`\n━━ fuzz: ${requests} requests on ${engine.name}, seed ${seed} ━━`);
  const result = spawnSync(process.execPath, ['node_modules/.bin/vitest', 'run', '--maxWorkers=1', 'test/fuzz.test.ts'], {
    stdio: 'inherit',
    env: { ...process.env, TEST_DATABASE_URL: engine.url, FUZZ_REQUESTS: requests, FUZZ_SEED: seed, FUZZ_REPORT: report },
  });
  if (!existsSync(report)) {
    summaries.push(`${engine.name}: no figures (the run stopped before the end, exit ${result.status})`);
    failed = true;
    continue;
  }
  const figures = JSON.parse(readFileSync(report, 'utf8'));
  summaries.push(
    `${engine.name}: ${figures.sent} requests sent, ${figures.serverErrors.length} responses >= 500, ` +
      `${figures.refusedWrites.length} refused requests that changed rows, ${figures.shapeless.length} 4xx without a JSON {message} ` +
      `(${(figures.durationMs / 1000).toFixed(0)} s; details in ${report})`,
  );
  if (result.status !== 0 || figures.serverErrors.length > 0 || figures.refusedWrites.length > 0) failed = true;
}
if (!postgres) summaries.push('PostgreSQL: not run (set TEST_DATABASE_URL to a server where databases may be created)');

console.log(`\n━━ fuzz figures ━━\n${summaries.join('\n')}`);
process.exit(failed ? 1 : 0);
