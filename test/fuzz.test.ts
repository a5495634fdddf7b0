// engines: both — refused requests must change no row on either engine
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { fuzz, summary } from './fuzz/harness.js';
import { buildWorld, type World } from './fuzz/world.js';

/**
 * Generated hostile requests to every route (decision 019). In the suite: a short seeded run. `npm run fuzz` runs
 * this file with FUZZ_REQUESTS=10000 (and FUZZ_REPORT, where it writes the figures).
 */
const REQUESTS = Number(process.env.FUZZ_REQUESTS ?? 500);
const SEED = Number(process.env.FUZZ_SEED ?? 14);
const engine = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite';

let world: World;
beforeAll(async () => {
  world = await buildWorld();
});
afterAll(() => world?.t.close());

it(`answers ${REQUESTS} generated requests (seed ${SEED}) without a 5xx, and refused ones change no row`, { timeout: 120_000 + REQUESTS * 200 }, async () => {
  expect(world.routes.length).toBeGreaterThan(40);
  const report = await fuzz(world.t, world.routes, {
    requests: REQUESTS,
    seed: SEED,
    pools: world.pools,
    personas: world.personas,
    revive: world.revive,
    replenish: world.replenish,
    lastError: world.lastError,
    trace: Boolean(process.env.FUZZ_TRACE),
    onProgress: REQUESTS > 1000 ? (done, r) => console.log(`${done} requests, ${r.serverErrors.length} >= 500, ${r.refusedWrites.length} refused writes`) : undefined,
  });
  console.log(summary(engine, report));
  if (process.env.FUZZ_REPORT) {
    mkdirSync(dirname(process.env.FUZZ_REPORT), { recursive: true });
    writeFileSync(process.env.FUZZ_REPORT, JSON.stringify({ engine, ...report }, null, 2));
  }
  expect(report.sent).toBe(REQUESTS);
  expect(report.serverErrors).toEqual([]);
  expect(report.refusedWrites).toEqual([]);
});
