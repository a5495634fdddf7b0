/**
 * The messaging benchmark: people sign up, post listings and start conversations through the real API of the
 * built server, open their live event streams, then we measure how long a message takes from the sender's POST
 * to the recipient's stream, and how many messages a second the server takes. `npm run bench:messages`;
 * see bench/README.md.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { MESSAGES_PER_MINUTE, type Conversation, type Message } from '../src/shared/messaging.js';
import { catalogueIds, listingInput, readCatalogue } from '../test/support/listings.js';
import { Api, EventStream } from './client.js';
import {
  failed,
  figures,
  freePort,
  HOST,
  log,
  printTable,
  resetPostgres,
  resultsDir,
  runEngines,
  startServer,
  stopServer,
  type Engine,
  type Figures,
} from './server.js';

const { values: args } = parseArgs({
  options: {
    pairs: { type: 'string', default: '20' },
    'per-pair': { type: 'string', default: '10' },
    people: { type: 'string', default: '200' },
    connections: { type: 'string', default: '40' },
    duration: { type: 'string', default: '10' },
    engine: { type: 'string', default: 'all' },
    // 0: a free port chosen at start, so this can run beside the listings benchmark and other servers.
    port: { type: 'string', default: '0' },
    out: { type: 'string', default: join(resultsDir, 'messages-latest.json') },
  },
});
const settings = {
  /** Latency: pairs exchanging messages one at a time, all pairs at once. */
  latencyPairs: Number(args.pairs),
  messagesPerPair: Number(args['per-pair']),
  /** Throughput: everyone who sends, each within the 60-a-minute allowance… */
  people: Number(args.people),
  /** …through this many requests in flight at once. */
  connections: Number(args.connections),
  durationSeconds: Number(args.duration),
  messagesPerPersonPerMinute: MESSAGES_PER_MINUTE,
  serverEnv: { RATE_LIMIT_SCALE: '1000', DEMO_DATA: '0', LOG_LEVEL: 'warn' },
  method:
    'Keep-alive connections are opened before each phase. Latency: one pair alone, then all latency pairs at once, each ' +
    'pair alternating direction and sending only once the previous message reached the other stream. Throughput: ' +
    '`connections` requests in flight, each cycling through its share of all `people`; a sender stops at the ' +
    'per-minute allowance (counting what they already sent), so no 429; every message must then reach its recipient.',
};
const PASSWORD = 'correct horse battery staple';
/** How long a message may take to reach its recipient before the benchmark calls it lost. */
const DELIVERY_TIMEOUT_MS = 15_000;

if (!(settings.latencyPairs >= 1 && settings.messagesPerPair >= 1)) throw new Error('--pairs and --per-pair must be at least 1');
if (settings.people < 2 * settings.latencyPairs || settings.people % 2 !== 0) throw new Error('--people must be even and at least twice --pairs');
if (settings.connections < 1 || settings.connections > settings.people) throw new Error('--connections must be between 1 and --people');

interface Person {
  label: string;
  id: string;
  cookie: string;
  /** Messages this person has sent so far; all of them within the last minute, as far as the allowance knows. */
  sent: number;
  stream?: EventStream;
}
interface Pair {
  owner: Person;
  writer: Person;
  conversationId: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function withTimeout<T>(promise: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(message)), ms)));
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** Runs `work` over `items` with at most `limit` at a time; the first failure stops the rest. */
async function inPool<T, R>(items: T[], limit: number, work: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  let failed = false;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (!failed && next < items.length) {
        const index = next++;
        try {
          results[index] = await work(items[index]!, index);
        } catch (error) {
          failed = true;
          throw error;
        }
      }
    }),
  );
  return results;
}

// ---------------------------------------------------------------- set-up

async function listingBody(api: Api) {
  const catalogue = await readCatalogue(async (path) => (await api.request('GET', path)).body);
  const ids = catalogueIds(catalogue, 'tutoring');
  return (n: number) => listingInput(ids, { title: `Patient maths tutoring ${n}` });
}

/** Everyone signs up; in each pair the owner posts a listing and the writer starts a conversation about it. */
async function setUp(api: Api) {
  const listing = await listingBody(api);
  const t0 = performance.now();
  // Sign-up hashes each password with scrypt at 128 MiB: as many at once as the server's thread pool hashes.
  const people = await inPool(Array.from({ length: settings.people }, (_, i) => i), 4, async (i): Promise<Person> => {
    const label = `person ${i + 1}`;
    return { label, ...(await api.signUp(`bench-${i + 1}@example.test`, PASSWORD)), sent: 0 };
  });
  const signUpSeconds = (performance.now() - t0) / 1000;
  log(`${people.length} people signed up in ${signUpSeconds.toFixed(1)} s`);

  const t1 = performance.now();
  const pairs = await inPool(Array.from({ length: people.length / 2 }, (_, i) => i), 8, async (i): Promise<Pair> => {
    const owner = people[2 * i]!;
    const writer = people[2 * i + 1]!;
    const { body: service } = await api.request<{ id: number }>('POST', '/api/services', { cookie: owner.cookie, body: listing(i + 1) });
    const { body: conversation } = await api.request<Conversation>('POST', '/api/conversations', {
      cookie: writer.cookie,
      body: { serviceId: service.id, message: 'Hello! Do you still have time for a student on Wednesdays?' },
    });
    writer.sent++;
    return { owner, writer, conversationId: conversation.id };
  });
  const conversationSeconds = (performance.now() - t1) / 1000;
  log(`${pairs.length} listings and conversations in ${conversationSeconds.toFixed(1)} s`);

  const t2 = performance.now();
  await inPool(people, 20, async (person) => {
    person.stream = await EventStream.open(api, person.cookie, person.label);
    await withTimeout(person.stream.ready, 10_000, `the event stream of ${person.label} sent nothing within 10 s`);
  });
  const streamsSeconds = (performance.now() - t2) / 1000;
  log(`${people.length} event streams open in ${streamsSeconds.toFixed(1)} s`);
  const tenths = (seconds: number) => Math.round(seconds * 10) / 10;
  return { people, pairs, timings: { signUpSeconds: tenths(signUpSeconds), conversationSeconds: tenths(conversationSeconds), streamsSeconds: tenths(streamsSeconds) } };
}

async function send(api: Api, from: Person, conversationId: number, content: string) {
  const t0 = performance.now();
  const { body } = await api.request<Message>('POST', `/api/conversations/${conversationId}/messages`, { cookie: from.cookie, body: { content } });
  const answered = performance.now();
  from.sent++;
  return { id: body.id, t0, postMs: answered - t0, answered };
}

// ---------------------------------------------------------------- latency

/** A pair takes turns, one message at a time: the next leaves once the previous reached the other person. */
async function converse(api: Api, pair: Pair, samples: { sendToReceive: number[]; post: number[] }) {
  for (let k = 0; k < settings.messagesPerPair; k++) {
    const [from, to] = k % 2 === 0 ? [pair.owner, pair.writer] : [pair.writer, pair.owner];
    const sent = await send(api, from, pair.conversationId, `Message ${k + 1}: Wednesday at four works for me, see you then.`);
    const arrived = await to.stream!.arrival(sent.id, DELIVERY_TIMEOUT_MS);
    samples.sendToReceive.push(arrived - sent.t0);
    samples.post.push(sent.postMs);
  }
}

/** First one pair alone (what a message costs on an idle server), then all the latency pairs at once. */
async function latency(api: Api, pairs: Pair[]) {
  const alone = { sendToReceive: [] as number[], post: [] as number[] };
  await converse(api, pairs[0]!, alone);
  const together = { sendToReceive: [] as number[], post: [] as number[] };
  await Promise.all(pairs.map((pair) => converse(api, pair, together)));
  return {
    alone: { pairs: 1, sendToReceiveMs: figures(alone.sendToReceive), postMs: figures(alone.post) },
    pairs: pairs.length,
    messages: together.sendToReceive.length,
    sendToReceiveMs: figures(together.sendToReceive),
    postMs: figures(together.post),
  };
}

// ---------------------------------------------------------------- throughput

/**
 * Everyone sends to their partner for `durationSeconds`, `connections` requests in flight at once. Each connection
 * cycles through its own share of the senders, and a sender stops at the per-minute allowance (counting what they
 * sent in the set-up and the latency run), so the server never answers 429 and the figure is the server's, not
 * the limit's. Then every message must reach its recipient's stream.
 */
async function throughput(api: Api, pairs: Pair[]) {
  const senders = pairs.flatMap((p) => [
    { from: p.writer, to: p.owner, conversationId: p.conversationId },
    { from: p.owner, to: p.writer, conversationId: p.conversationId },
  ]);
  const lanes = Array.from({ length: settings.connections }, (_, lane) => senders.filter((_, i) => i % settings.connections === lane));
  const allowance = senders.reduce((sum, s) => sum + Math.max(0, MESSAGES_PER_MINUTE - s.from.sent), 0);
  log(
    `${settings.connections} requests in flight, each cycling through its ${
      senders.length % settings.connections === 0 ? lanes[0]!.length : `${lanes.at(-1)!.length} or ${lanes[0]!.length}`
    } of ${senders.length} senders; a sender stops at ` +
      `${MESSAGES_PER_MINUTE} messages a minute, counting what they already sent: at most ${allowance.toLocaleString('en-US')} messages ` +
      `(${Math.round(allowance / settings.durationSeconds)}/s) fit in ${settings.durationSeconds} s without a 429`,
  );
  const sent: Array<{ id: number; to: Person; t0: number; postMs: number }> = [];
  let lanesOutOfAllowance = 0;
  let stopped = false;
  let last = 0;
  const start = performance.now();
  const deadline = start + settings.durationSeconds * 1000;
  await Promise.all(
    lanes.map(async (lane) => {
      let turn = 0;
      try {
        while (!stopped && performance.now() < deadline) {
          const sender = Array.from({ length: lane.length }, (_, k) => lane[(turn + k) % lane.length]!).find((s) => s.from.sent < MESSAGES_PER_MINUTE);
          if (!sender) {
            lanesOutOfAllowance++;
            return;
          }
          turn = lane.indexOf(sender) + 1;
          const message = await send(api, sender.from, sender.conversationId, `Load message ${sender.from.sent + 1} from ${sender.from.label}.`);
          sent.push({ id: message.id, to: sender.to, t0: message.t0, postMs: message.postMs });
          last = Math.max(last, message.answered);
        }
      } catch (error) {
        stopped = true;
        throw error;
      }
    }),
  );
  const elapsedSeconds = (last - start) / 1000;

  const missing = () => sent.filter((m) => !m.to.stream!.arrivals.has(m.id));
  const waitUntil = performance.now() + DELIVERY_TIMEOUT_MS;
  while (missing().length > 0 && performance.now() < waitUntil) await sleep(100);
  const lost = missing();
  const delivered = sent.filter((m) => m.to.stream!.arrivals.has(m.id));
  return {
    durationSeconds: settings.durationSeconds,
    elapsedSeconds: Math.round(elapsedSeconds * 100) / 100,
    connections: settings.connections,
    senders: senders.length,
    messages: sent.length,
    messagesPerSecond: Math.round(sent.length / elapsedSeconds),
    postMs: figures(sent.map((m) => m.postMs)),
    sendToReceiveMs: figures(delivered.map((m) => m.to.stream!.arrivals.get(m.id)! - m.t0)),
    delivered: delivered.length,
    missing: lost.length,
    missingIds: lost.slice(0, 20).map((m) => m.id),
    allowance,
    sendersAtAllowance: senders.filter((s) => s.from.sent >= MESSAGES_PER_MINUTE).length,
    lanesOutOfAllowance,
  };
}

// ---------------------------------------------------------------- engines

async function benchEngine(engine: Engine, url?: string) {
  const dataDir = mkdtempSync(join(tmpdir(), `csm-bench-messages-${engine}-`));
  let streams: EventStream[] = [];
  try {
    log(`${engine}: fresh database`);
    if (url) await resetPostgres(url);
    const port = Number(args.port) || (await freePort());
    await startServer(port, { DATA_DIR: dataDir, DATABASE_URL: url, ...settings.serverEnv });
    const api = new Api(`http://${HOST}:${port}`);
    const { people, pairs, timings } = await setUp(api);
    streams = people.map((p) => p.stream!);

    log(`${engine}: send-to-receive latency, ${settings.latencyPairs} pairs × ${settings.messagesPerPair} messages`);
    await api.warm(settings.connections);
    const lat = await latency(api, pairs.slice(0, settings.latencyPairs));
    log(`${engine}: send throughput, ${settings.durationSeconds} s, ${settings.connections} connections over ${people.length} senders`);
    await api.warm(settings.connections);
    const thr = await throughput(api, pairs);
    for (const stream of streams) stream.check();
    const duplicates = streams.reduce((sum, s) => sum + s.duplicates, 0);

    const name = engine === 'pglite' ? 'PGlite' : 'PostgreSQL';
    const f = (x: Figures) => [String(x.count), x.p50.toFixed(1), x.p99.toFixed(1), x.max.toFixed(1)];
    printTable(
      `${name}: ${people.length} people with open event streams; latency ${lat.pairs} pairs × ${settings.messagesPerPair} messages one at a time; ` +
        `throughput ${thr.connections} connections × ${thr.durationSeconds} s over ${thr.senders} senders`,
      ['measure', 'messages', 'p50 ms', 'p99 ms', 'max ms'],
      [
        ['one pair alone: send → recipient stream', ...f(lat.alone.sendToReceiveMs)],
        ['one pair alone: POST answer', ...f(lat.alone.postMs)],
        [`${lat.pairs} pairs at once: send → recipient stream`, ...f(lat.sendToReceiveMs)],
        [`${lat.pairs} pairs at once: POST answer`, ...f(lat.postMs)],
        ['under load: send → recipient stream', ...f(thr.sendToReceiveMs)],
        ['under load: POST answer', ...f(thr.postMs)],
      ],
    );
    log(
      `${name} throughput: ${thr.messages.toLocaleString('en-US')} messages in ${thr.elapsedSeconds} s = ${thr.messagesPerSecond} messages/s; ` +
        `delivered ${thr.delivered}/${thr.messages}, missing ${thr.missing}, duplicates ${duplicates}`,
    );
    if (thr.missing > 0) {
      log(`${name}: MISSING deliveries after ${DELIVERY_TIMEOUT_MS / 1000} s, e.g. message ids ${thr.missingIds.join(', ')}`);
      // The figures are still written, but a lost message is a bug, not a slow server.
      process.exitCode = 1;
    }
    if (thr.lanesOutOfAllowance > 0) {
      log(`${name}: ${thr.lanesOutOfAllowance} connections ran out of senders within their allowance before the end: the rate is a floor, raise --people`);
    }
    return { setup: { people: people.length, conversations: pairs.length, ...timings }, latency: lat, throughput: { ...thr, duplicates } };
  } finally {
    await Promise.all(streams.map((s) => s.close()));
    await stopServer();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

runEngines(args.engine, args.out, { settings }, benchEngine).catch(failed);
