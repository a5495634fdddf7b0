/**
 * Saved searches' matching (decision 053): on a database with 10,000 saved searches (a mix of searches
 * anywhere and around real ZIP codes, with and without words, category and type), 1,000 new listings are matched one
 * by one with the statement the alerts run; the time per listing, p50 and p99, on PGlite and (with
 * BENCH_DATABASE_URL) PostgreSQL, and EXPLAIN of one match. `npm run bench:alerts`; see bench/README.md.
 *
 * `--spread people` (the default): searches and listings stand where `npm run bench` puts its listings (a fifth in
 * the New York metro, half around 28 cities, the rest anywhere), 85 % of the searches around a place (browse starts
 * near a member's home ZIP) and most searches anywhere with words. `--spread crowded`: 70 % of both in one
 * 100-by-100-mile corner of the north-east and 30 % of the searches anywhere, most without words — each new listing
 * then matches about 3.5 % of all searches, the heavy case.
 */
import { performance } from 'node:perf_hooks';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { codes } from 'zipcodes';
import { openPglite, openPostgres, type Database } from '../src/server/db/client.js';
import { createSavedSearchesRepository, matchStatement } from '../src/server/modules/saved-searches/index.js';
import { boxAround } from '../src/server/modules/listings/index.js';
import { CITIES, METRO, placeTiers } from './seed.js';
import { figures, log, printTable, resetPostgres, resultsDir, rows, runEngines, type Engine, type Figures } from './server.js';

const { values: args } = parseArgs({
  options: {
    searches: { type: 'string', default: '10000' },
    listings: { type: 'string', default: '1000' },
    engine: { type: 'string', default: 'all' },
    out: { type: 'string', default: join(resultsDir, 'alerts-latest.json') },
    spread: { type: 'string', default: 'people' },
  },
});
if (args.spread !== 'people' && args.spread !== 'crowded') throw new Error('--spread is people or crowded');
const settings = { searches: Number(args.searches), listings: Number(args.listings), spread: args.spread };
const crowded = args.spread === 'crowded';

/** A seeded generator, so every run matches the same listings against the same searches. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}
const rand = random(19);
const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)]!;

const WORDS = [
  'piano', 'math', 'dog', 'walking', 'lawn', 'babysitting', 'cleaning', 'computer', 'yoga', 'guitar', 'garden', 'moving',
  'photography', 'tutor', 'cat', 'spanish', 'snow', 'laundry', 'swimming', 'resume', 'chemistry', 'reading', 'violin',
  'french', 'algebra', 'essay', 'hedge', 'leaves', 'weeding', 'mowing', 'puppy', 'aquarium', 'grooming', 'sitter',
  'homework', 'wifi', 'printer', 'phone', 'tablet', 'virus', 'organizing', 'errands', 'furniture', 'assembly', 'meals',
  'painting', 'drawing', 'crafts', 'editing', 'video', 'training', 'coaching', 'soccer', 'tennis', 'running', 'karate',
  'baking', 'sewing', 'bike', 'repair',
];
// Weighted as people choose them: mostly a few miles.
const RADII = [1, 5, 5, 10, 10, 10, 25, 50] as const;
/** Real ZIP centres: as `npm run bench` places its listings, or (crowded) most in one corner of the north-east. */
const ZIPS = Object.values(codes).filter((c) => /^\d{5}$/.test(c.zip) && typeof c.latitude === 'number');
const NORTH_EAST = ZIPS.filter((c) => c.latitude > 40 && c.latitude < 41.5 && c.longitude > -75 && c.longitude < -73);
const [metro, cities, everywhere] = placeTiers();
const somewhere = (): { zip: string; latitude: number; longitude: number } => {
  if (crowded) return rand() < 0.7 ? pick(NORTH_EAST) : pick(ZIPS);
  const tier = rand();
  return pick(tier < METRO.share ? metro! : tier < METRO.share + CITIES.share ? cities! : everywhere!);
};
/** How often a search is anywhere, and how often a search anywhere has words. */
const ANYWHERE = crowded ? { share: 0.3, withWords: 0.7 } : { share: 0.15, withWords: 0.8 };

async function seed(database: Database): Promise<{ categories: number[]; types: Map<number, number[]> }> {
  const db = database.db;
  const cats = await rows<{ id: number }>(database, 'select id from categories order by id');
  const typeRows = await rows<{ id: number; category_id: number }>(database, 'select id, category_id from service_types');
  const types = new Map<number, number[]>();
  for (const t of typeRows) types.set(t.category_id, [...(types.get(t.category_id) ?? []), t.id]);
  const categories = cats.map((c) => c.id);
  const members = Math.ceil(settings.searches / 5);
  await db.execute(
    sql.raw(`insert into users (id, email, username, email_verified, terms_accepted)
      select 'bench-' || g, 'bench-' || g || '@example.test', 'bench_' || g, true, true from generate_series(1, ${members + 50}) g`),
  );
  const values: string[] = [];
  for (let i = 0; i < settings.searches; i++) {
    const user = `bench-${(i % members) + 1}`;
    const anywhere = rand() < ANYWHERE.share;
    const word = rand() < (anywhere ? ANYWHERE.withWords : 0.7) ? pick(WORDS) : null;
    const category = rand() < 0.75 ? pick(categories) : null;
    const type = rand() < 0.5 ? pick(['offer', 'request'] as const) : null;
    const q = (v: string | number | null) => (v === null ? 'null' : typeof v === 'number' ? String(v) : `'${v}'`);
    let area = 'null, null, null, null, null, null, null, null, true';
    if (!anywhere) {
      const zip = somewhere();
      const radius = pick(RADII);
      const box = boxAround(zip.latitude, zip.longitude, radius)!;
      area = `'${zip.zip}', ${radius}, ${zip.latitude}, ${zip.longitude}, ${box.south}, ${box.north}, ${box.west}, ${box.east}, ${rand() < 0.7}`;
    }
    values.push(`(${q(user)}, 'Search ${i}', ${q(word)}, ${word ? `'(''${word}'':*)'` : 'null'}, ${q(category)}, ${q(type)}, ${area}, '${pick(['instant', 'daily', 'off'])}')`);
  }
  for (let i = 0; i < values.length; i += 1000) {
    await db.execute(
      sql.raw(`insert into saved_searches (user_id, name, search, search_query, category_id, listing_type, near_zip, radius_miles, latitude, longitude,
        min_latitude, max_latitude, min_longitude, max_longitude, include_virtual, frequency) values ${values.slice(i, i + 1000).join(',')}`),
    );
  }
  await db.execute(sql.raw('analyze saved_searches'));
  return { categories, types };
}

/** New listings, written as the listings module would (the trigger publishes them). */
async function newListings(database: Database, catalogue: { categories: number[]; types: Map<number, number[]> }): Promise<number[]> {
  const values: string[] = [];
  for (let i = 0; i < settings.listings; i++) {
    const category = pick(catalogue.categories);
    const virtual = rand() < 0.15;
    const zip = virtual ? null : somewhere();
    const title = `${pick(WORDS)} and ${pick(WORDS)} help ${i}`;
    values.push(
      `('bench-${Math.floor(rand() * 50) + 1 + Math.ceil(settings.searches / 5)}', ${category}, ${pick(catalogue.types.get(category)!)}, '${pick(['offer', 'request'])}', '${title}',
        'A neighbour offers ${title} around the area, any day of the week.', ${zip ? `'${zip.zip}', ${zip.latitude}, ${zip.longitude}` : 'null, null, null'}, ${virtual})`,
    );
  }
  const inserted = await rows<{ id: number }>(
    database,
    `insert into services (user_id, category_id, service_type_id, listing_type, title, description, zip_code, latitude, longitude, is_virtual)
      values ${values.join(',')} returning id`,
  );
  await database.db.execute(sql.raw('analyze services'));
  return inserted.map((r) => r.id);
}

async function bench(engine: Engine, url?: string): Promise<Record<string, unknown>> {
  if (url) await resetPostgres(url);
  const database = url ? await openPostgres(url, 2) : await openPglite();
  try {
    await database.migrate();
    log(`${engine}: ${settings.searches} saved searches`);
    const catalogue = await seed(database);
    const ids = await newListings(database, catalogue);
    const repo = createSavedSearchesRepository(database.db);
    // Warm: the first statements plan and read the indexes into memory.
    for (const id of ids.slice(0, 20)) await repo.matchListing(database.db, id, new Date());
    await database.db.execute(sql.raw('delete from saved_search_matches'));
    const times: number[] = [];
    let matches = 0;
    for (const id of ids) {
      const start = performance.now();
      matches += await repo.matchListing(database.db, id, new Date());
      times.push(performance.now() - start);
    }
    const perListing: Figures = figures(times);
    const sample = ids[Math.floor(ids.length / 2)]!;
    const plan = (await database.db.execute(sql`explain ${matchStatement(sample, new Date())}`)) as unknown as { rows: Array<{ 'QUERY PLAN': string }> };
    log(`${engine}: ${settings.listings} listings matched, ${matches} matches; per listing p50 ${perListing.p50} ms, p99 ${perListing.p99} ms`);
    return { perListing, matches, matchesPerListing: Math.round((matches / ids.length) * 10) / 10, explain: plan.rows.map((r) => r['QUERY PLAN']) };
  } finally {
    await database.close();
  }
}

const engines = await runEngines(args.engine, args.out, { settings }, bench, { inProcess: true });
printTable(
  `Matching one new listing against ${settings.searches} saved searches, spread: ${settings.spread} (ms)`,
  ['engine', 'listings', 'matches/listing', 'p50', 'p99', 'max'],
  Object.entries(engines).flatMap(([engine, r]) => {
    const result = r as { perListing?: Figures; matchesPerListing?: number };
    return result.perListing ? [[engine, String(result.perListing.count), String(result.matchesPerListing), String(result.perListing.p50), String(result.perListing.p99), String(result.perListing.max)]] : [];
  }),
);
for (const [engine, r] of Object.entries(engines)) {
  const plan = (r as { explain?: string[] }).explain;
  if (plan) console.log(`EXPLAIN (${engine}):\n${plan.join('\n')}\n`);
}
