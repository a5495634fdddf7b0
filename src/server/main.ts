import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join, resolve } from 'node:path';
import { buildApp } from './app.js';
import { ConfigError, loadConfig, type Config } from './config.js';
import { openPglite, openPostgres, type Database } from './db/client.js';
import { createDatabaseUpkeep } from './db/upkeep.js';
import { hasRealMembers } from './demo/addresses.js';
import { DataDirLockedError, ensureDataDir, lockDataDir, resolveSessionSecret } from './data-dir.js';
import { loadDotEnv } from './env-file.js';
import { loggerOptions } from './lib/logging.js';
import { healthWarnings, warningBanner } from './modules/admin/index.js';
import { startBackupDuties } from './modules/backups/index.js';
import type { PageRenderer, ViteManifest } from './modules/pages/index.js';
import { DEMO_DATA_REFUSAL, HEALTH_WARNINGS } from '../shared/safe-defaults.js';

const clientDir = fileURLToPath(new URL('../../public', import.meta.url));
const serverEntry = new URL('../../ssr/entry-server.js', import.meta.url);
/** How often saved searches' alerts run: with their 10 s settling time, an instant alert leaves within about half a minute. */
const ALERTS_EVERY_MS = 15_000;

/** The web app's server entry and its document, as the build wrote them (decision 042); none before a build. */
async function loadPageRenderer(): Promise<PageRenderer | undefined> {
  if (!existsSync(serverEntry) || !existsSync(join(clientDir, 'index.html'))) return undefined;
  const { render } = (await import(serverEntry.href)) as { render: PageRenderer['render'] };
  const manifestFile = join(clientDir, '.vite', 'manifest.json');
  return {
    render,
    template: readFileSync(join(clientDir, 'index.html'), 'utf8'),
    manifest: existsSync(manifestFile) ? (JSON.parse(readFileSync(manifestFile, 'utf8')) as ViteManifest) : undefined,
    readFile: (path) => {
      const file = join(clientDir, path);
      return existsSync(file) ? readFileSync(file, 'utf8') : undefined;
    },
  };
}

async function openDatabase(config: Config, dataDir: string): Promise<{ database: Database; unlock?: () => Promise<void> }> {
  if (config.DATABASE_URL) return { database: await openPostgres(config.DATABASE_URL, config.DATABASE_POOL_SIZE) };
  const unlock = await lockDataDir(dataDir);
  try {
    return { database: await openPglite(join(dataDir, 'pglite')), unlock };
  } catch (error) {
    await unlock();
    throw error;
  }
}

async function main() {
  const envFile = loadDotEnv();
  const config = loadConfig();
  const dataDir = resolve(config.DATA_DIR);
  ensureDataDir(dataDir);
  const { database, unlock } = await openDatabase(config, dataDir);
  // Processes starting together on one PostgreSQL take turns here and for the seed; the later ones find it done (decision 026).
  await database.exclusively(() => database.migrate());
  // Demo data is for a trial (decision 024). Asked for explicitly beside real members, it is a site left in trial mode:
  // refuse. On by default it only warns, so `npm start` keeps working the day the first neighbour signs up.
  const demoBesideMembers = config.NODE_ENV === 'production' && config.DEMO_DATA && (await hasRealMembers(database.db));
  if (demoBesideMembers && Boolean(process.env.DEMO_DATA?.trim())) {
    await database.close();
    await unlock?.();
    throw new ConfigError([DEMO_DATA_REFUSAL]);
  }

  const app = await buildApp({
    config,
    database,
    sessionSecret: resolveSessionSecret(config.SESSION_SECRET, dataDir),
    clientDir,
    pages: await loadPageRenderer(),
    logger: loggerOptions(config.LOG_LEVEL),
  });
  const demoListings = config.DEMO_DATA ? await database.exclusively(() => app.seedDemoData()) : 0;

  // The timers' work in flight, awaited at shutdown before the database closes (a run cut off there would fail on a
  // closed pool and be logged as a failure); none starts once shutdown has begun.
  let closing = false;
  const running = new Set<Promise<void>>();
  const inBackground = (work: () => Promise<unknown>, failure: string): Promise<void> => {
    if (closing) return Promise.resolve();
    const run: Promise<void> = work()
      .then(() => undefined, (err: unknown) => app.log.warn({ err }, failure))
      .finally(() => running.delete(run));
    running.add(run);
    return run;
  };

  // The embedded database's nightly VACUUM (ANALYZE) rides on the same timer (decision 057): PGlite has no autovacuum.
  const upkeep = createDatabaseUpkeep(database);
  const sweep = setInterval(() => {
    void inBackground(() => app.housekeeping(), 'the hourly housekeeping failed');
    void inBackground(() => upkeep(), "the embedded database's nightly upkeep failed; it runs again tomorrow night");
  }, 60 * 60 * 1000);
  sweep.unref();
  // Listings expire (decision 051): reminders a week ahead, then hidden once their day has passed.
  const expirySweep = setInterval(() => void inBackground(() => app.listingExpiry(), 'the listing expiry sweep failed; the next one tries again'), 60 * 1000);
  expirySweep.unref();

  // Saved searches' alerts (decision 053): new listings matched and due emails written every 15 s, one
  // run after another; a failed run is logged and the next one goes on from where the last good one stopped.
  let alertsTimer: NodeJS.Timeout | undefined;
  const runAlerts = () => {
    alertsTimer = setTimeout(() => {
      void inBackground(() => app.savedSearchAlerts(), 'the saved-search alerts run failed; the next one tries again').finally(() => {
        if (!closing) runAlerts();
      });
    }, ALERTS_EVERY_MS);
    alertsTimer.unref();
  };

  let stopBackups = () => {};
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    // /api/ready answers 503 from here on, so a balancer stops sending work while in-flight requests finish.
    app.readiness.beginShutdown();
    app.log.info(`${signal} received, shutting down`);
    clearInterval(sweep);
    clearInterval(expirySweep);
    clearTimeout(alertsTimer);
    stopBackups();
    // close() stops accepting connections and waits for in-flight requests before resolving.
    await app.close();
    await Promise.all(running);
    await database.close();
    await unlock?.();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.PORT, host: config.HOST });
  // Emails queued while the server was down (or before an SMTP outage ended) go out now.
  app.mailer.start();
  runAlerts();
  // The nightly backup and the local token of `npm run backup` (decision 027).
  stopBackups = startBackupDuties(app, { config, database });
  const engine = database.kind === 'pglite' ? `embedded database in ${join(dataDir, 'pglite')}` : 'PostgreSQL';
  if (demoListings) app.log.info(`Added ${demoListings} demo listings to the new marketplace (DEMO_DATA=0 turns this off)`);
  app.log.info(`Community Services Marketplace is running at ${config.PUBLIC_URL} (${engine})`);
  if (envFile) app.log.info(`Settings read from ${envFile} (environment variables take precedence)`);
  const warnings = [...healthWarnings(config), ...(demoBesideMembers ? [HEALTH_WARNINGS.demoBesideMembers] : [])];
  if (warnings.length > 0) {
    process.stderr.write(warningBanner(warnings));
    for (const warning of warnings) app.log.warn(warning);
  }
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) {
    console.error(error.message);
  } else {
    console.error('The server could not start:', error);
  }
  process.exit(1);
});
