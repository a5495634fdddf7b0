import { fileURLToPath } from 'node:url';
import { join, resolve } from 'node:path';
import { buildApp } from './app.js';
import { ConfigError, loadConfig, type Config } from './config.js';
import { openPglite, openPostgres, type Database } from './db/client.js';
import { seedDemoData } from './db/demo/seed.js';
import { DataDirLockedError, ensureDataDir, lockDataDir, resolveSessionSecret } from './data-dir.js';
import { loggerOptions } from './lib/logging.js';
import { createAuthRepository } from './modules/auth/repository.js';
import { createImageService } from './modules/images/service.js';
import { createServicesRepository } from './modules/services/repository.js';

const clientDir = fileURLToPath(new URL('../../public', import.meta.url));

async function openDatabase(config: Config, dataDir: string): Promise<{ database: Database; unlock?: () => Promise<void> }> {
  if (config.DATABASE_URL) return { database: await openPostgres(config.DATABASE_URL) };
  const unlock = await lockDataDir(dataDir);
  try {
    return { database: await openPglite(join(dataDir, 'pglite')), unlock };
  } catch (error) {
    await unlock();
    throw error;
  }
}

async function main() {
  const config = loadConfig();
  const dataDir = resolve(config.DATA_DIR);
  ensureDataDir(dataDir);
  const { database, unlock } = await openDatabase(config, dataDir);
  await database.migrate();
  const demoListings = config.DEMO_DATA ? await seedDemoData(database.db) : 0;

  const app = await buildApp({
    config,
    database,
    sessionSecret: resolveSessionSecret(config.SESSION_SECRET, dataDir),
    clientDir,
    logger: loggerOptions(config.LOG_LEVEL),
  });

  // Hourly housekeeping: expired sessions, uploads never attached to a listing within a day, search words no listing uses.
  const authRepository = createAuthRepository(database.db);
  const images = createImageService(database.db);
  const listings = createServicesRepository(database.db);
  const sweep = setInterval(() => {
    authRepository.deleteExpiredSessions().catch((err: unknown) => app.log.warn({ err }, 'could not delete expired sessions'));
    images.deleteUnattachedOlderThan(24 * 60 * 60 * 1000).catch((err: unknown) => app.log.warn({ err }, 'could not delete abandoned uploads'));
    listings.pruneSearchWords().catch((err: unknown) => app.log.warn({ err }, 'could not prune the search dictionary'));
  }, 60 * 60 * 1000);
  sweep.unref();

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received, shutting down`);
    clearInterval(sweep);
    // close() stops accepting connections and waits for in-flight requests before resolving.
    await app.close();
    await database.close();
    await unlock?.();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.PORT, host: config.HOST });
  // Emails queued while the server was down (or before an SMTP outage ended) go out now.
  app.mailer.start();
  const engine = database.kind === 'pglite' ? `embedded database in ${join(dataDir, 'pglite')}` : 'PostgreSQL';
  if (demoListings) app.log.info(`Added ${demoListings} demo listings to the new marketplace (DEMO_DATA=0 turns this off)`);
  app.log.info(`Community Services Marketplace is running at ${config.PUBLIC_URL} (${engine})`);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) {
    console.error(error.message);
  } else {
    console.error('The server could not start:', error);
  }
  process.exit(1);
});
