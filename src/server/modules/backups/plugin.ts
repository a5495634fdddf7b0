import { resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.js';
import type { Database } from '../../db/client.js';
import type { SecondFactorPolicy } from '../../lib/admin-gate.js';
import { recordBackupSuccess } from '../metrics/index.js';
import { loopbackUrl, removeLocalAccess, writeLocalAccess } from './local-access.js';
import { backupRoutes } from './routes.js';
import { startBackupSchedule } from './scheduler.js';
import { createBackupService, type BackupService } from './service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Backups of the database (decision 027): main.ts schedules the nightly one and publishes the local token. */
    backups: BackupService;
  }
}

/** The backup service, its admin routes and `app.backups`, in one call from app.ts. */
export async function registerBackups(
  app: FastifyInstance,
  { config, database, secondFactor }: { config: Config; database: Database; secondFactor?: SecondFactorPolicy },
): Promise<void> {
  const backups = createBackupService({
    database,
    dataDir: resolve(config.DATA_DIR),
    keep: config.BACKUP_KEEP,
    onSuccess: (backup) => recordBackupSuccess(backup.createdAt),
  });
  // After a restart the metrics still know the last backup, from the newest file.
  const latest = backups.latest();
  if (latest) recordBackupSuccess(latest.createdAt);
  await app.register(backupRoutes, { backups, db: database.db, localToken: backups.localToken, rateLimitScale: config.RATE_LIMIT_SCALE, secondFactor });
  app.decorate('backups', backups);
}

/**
 * Once the server listens: on the embedded engine, the local token for `npm run backup` and the nightly backup
 * (PostgreSQL is backed up with its own tools, from any machine). Answers what shutdown calls.
 */
export function startBackupDuties(app: FastifyInstance, { config, database }: { config: Config; database: Database }): () => void {
  if (database.kind !== 'pglite') return () => {};
  const dataDir = resolve(config.DATA_DIR);
  const address = app.server.address();
  const url = address && typeof address === 'object' ? loopbackUrl(config.HOST, address.port) : null;
  if (url) writeLocalAccess(dataDir, { url, token: app.backups.localToken });
  const stopSchedule =
    config.BACKUP_HOUR === 'off' ? undefined : startBackupSchedule({ hour: config.BACKUP_HOUR, backUp: () => app.backups.backUpNow('nightly'), log: app.log });
  return () => {
    stopSchedule?.();
    if (url) removeLocalAccess(dataDir);
  };
}
