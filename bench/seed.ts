import { sql } from 'drizzle-orm';
import { codes } from 'zipcodes';
import type { Db } from '../src/server/db/client.js';

export interface SeedOptions {
  users: number;
  listings: number;
}

export interface SeedReport extends SeedOptions {
  images: number;
  likes: number;
  seconds: number;
  /** Of which the closing `VACUUM (ANALYZE)`: what the embedded database's nightly upkeep costs at this size. */
  vacuumSeconds: number;
  /** How many ZIP centres each tier of places offers (see DENSE_ZIP). */
  places: { metro: number; cities: number; everywhere: number };
}

/**
 * Words per category and service type. Titles are "opener + phrase + tail", descriptions a few
 * sentences of the category's pool plus generic ones, so full-text search has varied text to rank:
 * "dog walking" matches most Dog Walking listings and a few other pet ones, not the whole table.
 */
const VOCABULARY: Record<string, { weight: number; sentences: string[]; types: Record<string, string[]> }> = {
  tutoring: {
    weight: 3,
    sentences: [
      'I explain each step until it clicks and leave practice problems between sessions.',
      'Sessions follow the school curriculum and the homework your child brings home.',
      'Former classroom aide with years of one-on-one tutoring experience.',
      'Progress notes for parents after every lesson.',
      'Good with nervous learners and students who think they are bad at school.',
      'Exam season slots fill up quickly, so book early.',
    ],
    types: {
      Math: ['math tutoring', 'algebra and geometry help', 'calculus tutoring', 'maths tutor'],
      'Reading & Writing': ['reading tutor', 'essay writing help', 'reading and writing support'],
      Science: ['science tutoring', 'chemistry and physics help', 'biology tutor'],
      'Foreign Languages': ['Spanish lessons', 'French conversation practice', 'German tutoring', 'language tutor'],
      'Test Prep': ['SAT prep', 'ACT test prep', 'exam preparation coaching'],
      'Music Lessons': ['piano lessons', 'guitar lessons', 'violin lessons for beginners'],
      'Homework Help': ['homework help', 'after-school homework club', 'study skills coaching'],
    },
  },
  yard: {
    weight: 2,
    sentences: [
      'I bring my own mower, rake and leaf blower.',
      'Clippings and leaves bagged and hauled away at no extra cost.',
      'Early mornings and weekends work best for me.',
      'Regular weekly visits or a one-time spring cleanup.',
      'Careful around flower beds, vegetable patches and young trees.',
    ],
    types: {
      'Lawn Mowing': ['lawn mowing', 'grass cutting and edging', 'weekly lawn care'],
      'Leaf Raking': ['leaf raking', 'fall leaf cleanup', 'leaf removal'],
      'Snow Shoveling': ['snow shoveling', 'driveway snow clearing', 'sidewalk snow removal'],
      'Gardening & Weeding': ['gardening and weeding', 'garden bed care', 'vegetable garden help'],
      'Hedge Trimming': ['hedge trimming', 'shrub pruning', 'bush and hedge shaping'],
      'Yard Cleanup': ['yard cleanup', 'backyard cleanup', 'brush and debris removal'],
    },
  },
  pet: {
    weight: 3,
    sentences: [
      'Dogs get a long walk, fresh water and a treat; cats get playtime and a clean litter box.',
      'I send photos and a short update after every visit.',
      'Comfortable with large breeds, puppies and senior pets on medication.',
      'Grew up with dogs, cats and rabbits, and I love them all.',
      'Daily visits while you are at work or away on vacation.',
      'Happy to add a quick dog walk to any pet sitting visit.',
    ],
    types: {
      'Dog Walking': ['dog walking', 'dog walker', 'daily dog walks', 'neighborhood dog walking', 'group dog walking'],
      'Pet Sitting': ['pet sitting', 'overnight pet sitter', 'house and pet sitting'],
      'Pet Feeding': ['pet feeding visits', 'cat and dog feeding', 'midday pet feeding'],
      'Pet Grooming': ['pet grooming', 'dog bathing and brushing', 'nail trims for dogs and cats'],
      'Cat Care': ['cat sitting', 'cat care visits', 'litter and feeding for cats'],
      'Aquarium Care': ['aquarium cleaning', 'fish tank care', 'aquarium maintenance'],
    },
  },
  childcare: {
    weight: 2,
    sentences: [
      'CPR and first aid certified, with references from local families.',
      'Crafts, board games and outdoor play instead of screens.',
      'I can pick kids up from school and help with homework.',
      'Experienced with toddlers, twins and school-age children.',
      'Available on short notice for date nights and appointments.',
    ],
    types: {
      Babysitting: ['babysitting', 'evening babysitter', 'weekend babysitting'],
      'After-School Care': ['after-school care', 'school pickup and care', 'after-school nanny'],
      'Date Night Sitting': ['date night sitting', 'evening childcare', 'date night babysitter'],
      "Parent's Helper": ["parent's helper", 'mother’s helper', 'extra hands for busy parents'],
      'Summer Care': ['summer childcare', 'summer day camp at home', 'summer nanny'],
    },
  },
  tech: {
    weight: 2,
    sentences: [
      'Patient with beginners and happy to write down every step.',
      'I set things up, test them and show you how to use them.',
      'Windows, Mac, iPhone and Android all welcome.',
      'Remote help over video call or a visit to your home.',
      'No jargon, no upselling, just working devices.',
    ],
    types: {
      'Computer Setup': ['computer setup', 'new laptop setup', 'PC and printer setup'],
      'Phone & Tablet Help': ['phone and tablet help', 'iPhone lessons', 'smartphone setup'],
      'Wi-Fi & Networking': ['Wi-Fi troubleshooting', 'home network setup', 'router and Wi-Fi help'],
      'Smart Home Setup': ['smart home setup', 'smart speaker and thermostat setup', 'doorbell camera install'],
      'Virus Removal': ['virus removal', 'malware cleanup', 'slow computer tune-up'],
      'Software Lessons': ['software lessons', 'Excel and Word lessons', 'email and video call lessons'],
    },
  },
  household: {
    weight: 3,
    sentences: [
      'I bring eco-friendly supplies unless you prefer your own.',
      'Reliable, on time and careful with your belongings.',
      'Weekly, biweekly or one-time visits.',
      'Strong, tidy and happy to take on the jobs nobody wants.',
      'Seniors and busy families are my regular clients.',
    ],
    types: {
      'House Cleaning': ['house cleaning', 'deep cleaning', 'apartment cleaning'],
      Laundry: ['laundry and ironing', 'wash and fold laundry', 'laundry service'],
      Organizing: ['closet organizing', 'garage organizing', 'decluttering help'],
      'Moving Help': ['moving help', 'packing and loading', 'help moving furniture'],
      Errands: ['grocery errands', 'errand running', 'pharmacy and grocery pickup'],
      'Furniture Assembly': ['furniture assembly', 'IKEA furniture assembly', 'bed and desk assembly'],
      'Meal Prep': ['meal prep', 'weekly meal preparation', 'home cooked meals'],
    },
  },
  creative: {
    weight: 1,
    sentences: [
      'Portfolio available on request.',
      'Quick turnaround and two rounds of changes included.',
      'I work with families, small businesses and local clubs.',
      'Lessons for kids and adults, all materials provided.',
      'Friendly, relaxed sessions at your place or outdoors.',
    ],
    types: {
      Photography: ['family photography', 'portrait photography', 'event photographer'],
      'Graphic Design': ['logo and flyer design', 'graphic design', 'poster and invitation design'],
      'Art Lessons': ['art lessons', 'drawing and painting lessons', 'watercolor classes'],
      Crafts: ['craft workshops', 'knitting lessons', 'handmade gifts and crafts'],
      'Writing & Editing': ['writing and editing', 'resume editing', 'proofreading'],
      'Video Editing': ['video editing', 'wedding video editing', 'YouTube video editing'],
    },
  },
  'sports-fitness': {
    weight: 1,
    sentences: [
      'Certified coach who adapts every session to your level.',
      'Outdoors in the park or at the community gym.',
      'Beginners welcome, no equipment needed.',
      'Small groups or one-on-one sessions.',
      'Focus on good form, steady progress and having fun.',
    ],
    types: {
      'Personal Training': ['personal training', 'strength training coach', 'home workout coaching'],
      'Sports Coaching': ['soccer coaching', 'basketball skills coaching', 'tennis coaching'],
      'Swimming Lessons': ['swimming lessons', 'learn to swim classes', 'swim coaching for kids'],
      Yoga: ['yoga classes', 'gentle yoga', 'private yoga sessions'],
      'Running Partner': ['running partner', 'couch to 5K coaching', 'morning running buddy'],
      'Martial Arts': ['karate lessons', 'self-defense classes', 'martial arts training'],
    },
  },
};

const OFFER_OPENERS = ['Reliable', 'Friendly', 'Experienced', 'Affordable', 'Patient', 'Local', 'Trusted', 'Careful', 'Professional', 'Flexible'];
const REQUEST_OPENERS = ['Looking for', 'Need help with', 'Seeking', 'Wanted:', 'Anyone available for', 'Help needed with'];
const TAILS = ['', ' in {city}', ' near you', ' on weekends', ' for busy families', ' - flexible hours', ' this month', ' in the neighborhood'];
const GENERIC_SENTENCES = [
  'Message me with what you need and when.',
  'Happy to meet first so you can ask questions.',
  'I live nearby and can usually come on short notice.',
  'References from neighbours available.',
  'Rates are negotiable for regular bookings.',
  'Fully vaccinated and background checked.',
  'Please include your address area and preferred days.',
];
const FIRST_NAMES = ['Alex', 'Sam', 'Jordan', 'Taylor', 'Maria', 'James', 'Priya', 'Chen', 'Fatima', 'Liam', 'Olivia', 'Noah', 'Emma', 'Ava', 'Diego', 'Yuki', 'Omar', 'Grace', 'Ethan', 'Zoe'];
const LAST_NAMES = ['Smith', 'Garcia', 'Nguyen', 'Johnson', 'Patel', 'Kim', 'Brown', 'Lopez', 'Williams', 'Okafor', 'Miller', 'Davis', 'Martin', 'Rossi', 'Cohen'];
/**
 * Where the listings that have a place are (decision 050: a distance means something only between real ZIP centres, in
 * dense and sparse places alike). Every place is a ZIP centre of the bundled dataset, as the listing form stores it:
 * a fifth of them in the New York metro (every ZIP within 30 miles of Midtown), half around 28 other cities (every ZIP
 * within 10 miles of each centre), and the rest over every US ZIP, so a rural ZIP has a listing here and there.
 */
/** Midtown Manhattan: the dense ZIP the benchmark searches around (about 7 % of the listings within 10 miles at 100,000). */
export const DENSE_ZIP = '10001';
/** Bradford, Vermont: the sparse one (13 ZIPs within 10 miles, a handful of listings at 100,000). */
export const SPARSE_ZIP = '05033';
export const METRO = { centre: DENSE_ZIP, miles: 30, share: 0.2 };
export const CITIES = {
  miles: 10,
  share: 0.5,
  centres: ['02139', '19103', '20009', '30307', '33139', '60614', '48104', '55408', '63110', '78701', '77006', '80206', '84102', '85004',
    '87501', '90026', '92101', '94110', '95616', '97214', '98103', '53703', '37203', '27701', '23220', '43215', '46202', '04101'],
};

type Place = { zip: string; city: string; state: string; latitude: number; longitude: number };

/** Every US ZIP centre of the dataset (it also keys Canadian prefixes, and a few ZIPs have no centre). */
function usZipCentres(): Place[] {
  return Object.values(codes)
    .filter((c) => /^\d{5}$/.test(c.zip) && typeof c.latitude === 'number' && typeof c.longitude === 'number')
    .map((c) => ({ zip: c.zip, city: c.city, state: c.state, latitude: c.latitude, longitude: c.longitude }))
    .sort((a, b) => a.zip.localeCompare(b.zip));
}

/** Great-circle miles between two ZIP centres, as the app measures them (decision 050). */
function milesBetween(a: Place, b: Place): number {
  const rad = Math.PI / 180;
  const h = Math.sin(((b.latitude - a.latitude) * rad) / 2) ** 2 + Math.cos(a.latitude * rad) * Math.cos(b.latitude * rad) * Math.sin(((b.longitude - a.longitude) * rad) / 2) ** 2;
  return 2 * 3958.7613 * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** The three tiers of places (1: the metro, 2: the cities, 3: everywhere), each a list to pick from uniformly. */
export function placeTiers(): Place[][] {
  const all = usZipCentres();
  const byZip = new Map(all.map((p) => [p.zip, p]));
  const centre = (zip: string) => {
    const place = byZip.get(zip);
    if (!place) throw new Error(`the ZIP dataset has no centre for ${zip}`);
    return place;
  };
  const metroCentre = centre(METRO.centre);
  const metro = all.filter((p) => milesBetween(metroCentre, p) <= METRO.miles);
  const cityCentres = CITIES.centres.map(centre);
  const cities = all.filter((p) => cityCentres.some((c) => milesBetween(c, p) <= CITIES.miles));
  return [metro, cities, all];
}

const quote = (s: string) => `'${s.replaceAll("'", "''")}'`;
const textArray = (items: string[]) => `ARRAY[${items.map(quote).join(', ')}]::text[]`;

/**
 * Uniform value in [0, 1) number k (0..23) from the row's 48 hash bytes `h`: md5 keeps the seed
 * identical on both engines and on every run (random() would differ per connection).
 */
const r = (k: number) => `(((get_byte(h, ${2 * k}) << 8) | get_byte(h, ${2 * k + 1}))::float8 / 65536)`;
/** 1-based index into an array of n elements from uniform value k. */
const pick = (k: number, n: number | string) => `(1 + floor(${r(k)} * ${n})::int)`;
/** A user id: the same deterministic UUID in the users and services statements. */
export const userId = (n: string) => `md5('bench-user-' || (${n}))::uuid::text`;

function vocabularyValues() {
  let lo = 0;
  const total = Object.values(VOCABULARY).reduce((sum, c) => sum + c.weight, 0);
  const categories: string[] = [];
  const types: string[] = [];
  for (const [slug, c] of Object.entries(VOCABULARY)) {
    // The last bound is above 1 so rounding never leaves a value without a category.
    const hi = Object.keys(VOCABULARY).at(-1) === slug ? 2 : lo + c.weight / total;
    categories.push(`(${quote(slug)}, ${lo}::float8, ${hi}::float8, ${textArray(c.sentences)})`);
    lo = hi;
    for (const [name, phrases] of Object.entries(c.types)) types.push(`(${quote(slug)}, ${quote(name)}, ${textArray(phrases)})`);
  }
  return { categories: categories.join(',\n'), types: types.join(',\n') };
}

async function count(db: Db, table: string): Promise<number> {
  const { rows } = (await db.execute(sql.raw(`select count(*)::int as n from ${table}`))) as unknown as { rows: Array<{ n: number }> };
  return rows[0]?.n ?? 0;
}

/**
 * Fills a freshly migrated database with `users` people and `listings` listings in a handful of
 * set-based statements (generate_series, no row-by-row inserts), then VACUUMs and ANALYZEs.
 * Listing ids are 1..listings in creation order, like a real table that grew over a year.
 */
export async function seed(db: Db, options: SeedOptions): Promise<SeedReport> {
  const started = performance.now();
  if ((await count(db, 'services')) > 0 || (await count(db, 'users')) > 0) throw new Error('seed() expects a freshly migrated, empty database');
  const { users, listings } = options;
  const vocab = vocabularyValues();
  const tiers = placeTiers();
  // The places in a table of their own for the listings statement to join (dropped at the end): 42,000 rows of
  // VALUES in one statement would be a 3 MB text to parse.
  await db.execute(sql.raw('CREATE TABLE bench_places (tier int NOT NULL, idx int NOT NULL, zip text NOT NULL, city text NOT NULL, state text NOT NULL, lat float8 NOT NULL, lon float8 NOT NULL, PRIMARY KEY (tier, idx))'));
  for (const [t, places] of tiers.entries()) {
    for (let from = 0; from < places.length; from += 2000) {
      const values = places
        .slice(from, from + 2000)
        .map((p, i) => `(${t + 1}, ${from + i + 1}, ${quote(p.zip)}, ${quote(p.city)}, ${quote(p.state)}, ${p.latitude}, ${p.longitude})`);
      await db.execute(sql.raw(`INSERT INTO bench_places (tier, idx, zip, city, state, lat, lon) VALUES ${values.join(', ')}`));
    }
  }
  const tierSizes = tiers.map((places, t) => `(${t + 1}, ${places.length})`).join(', ');
  const hashRow = (key: string) => `decode(md5('${key}' || g) || md5('${key}2' || g) || md5('${key}3' || g), 'hex') AS h`;

  // People: 0.5 % banned (their listings must vanish from browse), nobody can sign in.
  await db.execute(
    sql.raw(`
    INSERT INTO users (id, email, username, password_hash, first_name, last_name, is_banned, terms_accepted, created_at, updated_at)
    SELECT ${userId('g')}, 'neighbour' || g || '@bench.example.com', 'neighbour_' || g, NULL,
           (${textArray(FIRST_NAMES)})[${pick(0, FIRST_NAMES.length)}],
           (${textArray(LAST_NAMES)})[${pick(1, LAST_NAMES.length)}],
           ${r(2)} < 0.005, true,
           now() - interval '400 days' * ${r(3)}, now()
    FROM (SELECT g, ${hashRow('u')} FROM generate_series(1, ${users}) g) s`),
  );

  await db.execute(
    sql.raw(`
    WITH cat_words(slug, lo, hi, sentences) AS (VALUES ${vocab.categories}),
    type_words(slug, name, phrases) AS (VALUES ${vocab.types}),
    cat AS (
      SELECT c.id, w.lo, w.hi, w.sentences FROM categories c JOIN cat_words w ON w.slug = c.slug
    ),
    typ AS (
      SELECT t.id, t.category_id, w.phrases,
             (row_number() OVER (PARTITION BY t.category_id ORDER BY t.id))::int - 1 AS idx,
             (count(*) OVER (PARTITION BY t.category_id))::int AS n
      FROM service_types t JOIN categories c ON c.id = t.category_id JOIN type_words w ON w.slug = c.slug AND w.name = t.name
    ),
    tier_size(tier, n) AS (VALUES ${tierSizes}),
    seed_row AS (
      SELECT g, ${hashRow('l')} FROM generate_series(1, ${listings}) g
    ),
    listing AS (
      SELECT seed_row.g, seed_row.h, cat.id AS category_id, cat.sentences, typ.id AS service_type_id, typ.phrases,
             CASE WHEN ${r(2)} < 0.7 THEN 'offer' ELSE 'request' END AS listing_type,
             ${r(4)} < 0.15 AS is_virtual,
             CASE WHEN ${r(23)} < ${METRO.share} THEN 1 WHEN ${r(23)} < ${METRO.share + CITIES.share} THEN 2 ELSE 3 END AS place_tier,
             -- Ids follow creation time, a few minutes of jitter around an even spread over 365 days.
             now() - interval '365 days' * (1 - seed_row.g::float8 / ${listings}) - interval '10 minutes' * ${r(5)} AS created_at
      FROM seed_row
      JOIN cat ON ${r(0)} >= cat.lo AND ${r(0)} < cat.hi
      JOIN typ ON typ.category_id = cat.id AND typ.idx = floor(${r(1)} * typ.n)::int
    )
    INSERT INTO services (id, user_id, category_id, service_type_id, listing_type, title, description, city, state, zip_code, latitude, longitude,
                          is_virtual, rate_cents, rate_type, prices_vary, availability, is_active, like_count, created_at, updated_at, deleted_at)
    SELECT l.g, ${userId(`1 + floor(power(${r(3)}, 1.2) * ${users})::int`)}, l.category_id, l.service_type_id, l.listing_type,
           left(replace(
             CASE WHEN l.listing_type = 'offer'
               THEN (${textArray(OFFER_OPENERS)})[${pick(6, OFFER_OPENERS.length)}] || ' ' || l.phrases[${pick(7, 'cardinality(l.phrases)')}]
               ELSE (${textArray(REQUEST_OPENERS)})[${pick(6, REQUEST_OPENERS.length)}] || ' ' || l.phrases[${pick(7, 'cardinality(l.phrases)')}]
             END || (${textArray(TAILS)})[${pick(8, TAILS.length)}],
             '{city}', coalesce(p.city, 'your area')), 100),
           left(
             upper(left(l.phrases[${pick(9, 'cardinality(l.phrases)')}], 1)) || substr(l.phrases[${pick(9, 'cardinality(l.phrases)')}], 2) || ' '
             || CASE WHEN l.listing_type = 'offer' THEN 'offered by a neighbour. ' ELSE 'wanted, ideally starting soon. ' END
             || l.sentences[${pick(10, 'cardinality(l.sentences)')}] || ' '
             || l.sentences[1 + (${pick(10, 'cardinality(l.sentences)')} + floor(${r(11)} * (cardinality(l.sentences) - 1))::int) % cardinality(l.sentences)] || ' '
             || (${textArray(GENERIC_SENTENCES)})[${pick(12, GENERIC_SENTENCES.length)}], 500),
           p.city, p.state, p.zip, p.lat, p.lon, l.is_virtual,
           CASE WHEN ${r(13)} < 0.2 THEN NULL ELSE (2 + floor(${r(14)} * 30)::int) * 250 END,
           CASE WHEN ${r(15)} < 0.75 THEN 'hourly' ELSE 'fixed' END,
           l.listing_type = 'offer' AND ${r(13)} < 0.2,
           ARRAY(SELECT d FROM unnest(ARRAY['mon','tue','wed','thu','fri','sat','sun']) WITH ORDINALITY AS a(d, i)
                 WHERE ((1 + floor(${r(19)} * 127)::int) >> (i::int - 1)) & 1 = 1),
           ${r(16)} >= 0.05,
           floor(power(${r(17)}, 4) * 8)::int,
           l.created_at, l.created_at + interval '1 day' * ${r(21)},
           CASE WHEN ${r(18)} < 0.03 THEN l.created_at + interval '30 days' * ${r(22)} END
    FROM listing l
    JOIN tier_size ts ON ts.tier = l.place_tier
    LEFT JOIN bench_places p ON NOT l.is_virtual AND p.tier = l.place_tier AND p.idx = ${pick(20, 'ts.n')}`),
  );
  await db.execute(sql.raw(`SELECT setval(pg_get_serial_sequence('services', 'id'), ${listings})`));

  // Likes matching like_count exactly (0-7 per listing): j * 104729 lands on a different user for each j at 10,000 users.
  await db.execute(
    sql.raw(`
    INSERT INTO service_likes (service_id, user_id, created_at)
    SELECT s.id, ${userId(`1 + (s.id * 7919 + j * 104729) % ${users}`)}, s.created_at + interval '1 hour' * j
    FROM services s CROSS JOIN LATERAL generate_series(1, s.like_count) j`),
  );

  // About a third of listings have 1-3 photos: tiny placeholder bytes, the browse answer only carries their URLs.
  await db.execute(
    sql.raw(`
    INSERT INTO images (id, user_id, service_id, position, "full", full_width, full_height, card, card_width, card_height, created_at)
    SELECT md5('bench-image-' || s.id || '-' || p)::uuid::text, s.user_id, s.id, p, '\\x52494646'::bytea, 1600, 1200, '\\x52494646'::bytea, 480, 360, s.created_at
    FROM services s CROSS JOIN LATERAL generate_series(0, (get_byte(decode(md5('i' || s.id), 'hex'), 0) % 3)) p
    WHERE get_byte(decode(md5('i' || s.id), 'hex'), 1) < 90`),
  );

  await db.execute(sql.raw('DROP TABLE bench_places'));
  // These listings stand as if posted long ago: the saved-search alerts (decision 053) start after the last of them,
  // as on a marketplace that turned alerts on with its listings in place, instead of matching all of them while the
  // routes are loaded.
  await db.execute(
    sql.raw(`UPDATE saved_search_cursor SET (published_at, service_id) =
      (SELECT published_at, id FROM services WHERE published_at IS NOT NULL ORDER BY published_at DESC, id DESC LIMIT 1)`),
  );

  // As a table that grew over a year stands: vacuumed (autovacuum on PostgreSQL, the app's nightly upkeep on PGlite,
  // decision 057), so the seed's own updates leave no dead rows and the visibility map lets scans skip the table.
  const vacuumStarted = performance.now();
  await db.execute(sql.raw('VACUUM (ANALYZE)'));
  const vacuumSeconds = (performance.now() - vacuumStarted) / 1000;
  return {
    users,
    listings,
    images: await count(db, 'images'),
    likes: await count(db, 'service_likes'),
    seconds: (performance.now() - started) / 1000,
    vacuumSeconds,
    places: { metro: tiers[0]!.length, cities: tiers[1]!.length, everywhere: tiers[2]!.length },
  };
}
