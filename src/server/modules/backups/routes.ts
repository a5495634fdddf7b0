import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { BACKUP_TEXTS, backupListSchema, backupSchema, type Backup } from '#shared/backups.js';
import { apiErrorSchema } from '#shared/errors.js';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.js';
import { requireAdministrator, type SecondFactorPolicy } from '../../lib/admin-gate.js';
import { HttpError, unauthorized } from '../../lib/errors.js';
import { isBearer, isFromThisMachine } from '../../lib/local-requests.js';
import { RateLimit } from '../../lib/rate-limit.js';
import { recordBackupAction } from '../admin/index.js';
import type { BackupInfo } from './files.js';
import { MissingToolError } from './postgres.js';
import type { BackupService } from './service.js';

export interface BackupRoutesOptions {
  backups: BackupService;
  /** Where each backup taken or listed here is written to the audit log (decision 027). */
  db: Db;
  /** The token `npm run backup` presents from this machine (local-access.ts). */
  localToken: string;
  rateLimitScale: number;
  /** REQUIRE_ADMIN_2FA, as for every /api/admin route (lib/admin-gate.ts, decision 061). */
  secondFactor?: SecondFactorPolicy;
}

const present = (b: BackupInfo): Backup => ({ name: b.name, size: b.size, createdAt: b.createdAt.toISOString(), kind: b.kind });
const errors = { 401: apiErrorSchema, 403: apiErrorSchema, 429: apiErrorSchema, 503: apiErrorSchema };

/**
 * Who asks: the command line (`npm run backup` with the local token, no account: the audit log's actor is null) or
 * an administrator. `limitKey` is whose budget the request spends.
 */
interface Caller {
  limitKey: string;
  actorId: string | null;
}

/** A backup costs a full copy of the database: a handful per ten minutes is plenty for a person or the CLI. */
const BACKUP_LIMIT = { points: 6, durationSeconds: 10 * 60, name: 'backups' };

/**
 * POST /api/admin/backups takes a backup now (decision 027); GET lists the files. For the administrator, or for
 * `npm run backup` on this machine with the server's local token. Each backup taken and each listing answered is
 * one entry in the audit log; a refused request writes none.
 */
export const backupRoutes: FastifyPluginAsyncZod<BackupRoutesOptions> = async (app, { backups, db, localToken, rateLimitScale, secondFactor }) => {
  const limit = new RateLimit(BACKUP_LIMIT, rateLimitScale, BACKUP_TEXTS.tooMany);
  const callers = new WeakMap<FastifyRequest, Caller>();

  /** The command line with the local token, or an administrator; anyone else is refused. */
  const caller = async (request: FastifyRequest): Promise<Caller> => {
    const authorization = request.headers.authorization;
    if (authorization?.startsWith('Bearer ')) {
      // The socket's own peer, never X-Forwarded-For, and nothing a proxy forwarded: nginx on this machine connects
      // from loopback for every visitor, and must not carry a remote caller's token in as a local one.
      if (!isFromThisMachine(request) || !isBearer(authorization, localToken)) {
        throw unauthorized(BACKUP_TEXTS.badToken);
      }
      return { limitKey: 'local', actorId: null };
    }
    const { id } = await requireAdministrator(request, secondFactor);
    return { limitKey: id, actorId: id };
  };

  app.addHook('preValidation', async (request) => {
    callers.set(request, await caller(request));
  });
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.post('/api/admin/backups', { schema: { response: { 201: backupSchema, ...errors } } }, async (request, reply) => {
    const { limitKey, actorId } = callers.get(request)!;
    const backup = await limit.spendOnSuccess(limitKey, async () => {
      try {
        return await backups.backUpNow('manual');
      } catch (error) {
        if (error instanceof MissingToolError) throw new HttpError(503, BACKUP_TEXTS.pgDumpMissing);
        request.log.error({ err: error }, 'backup failed');
        throw new HttpError(503, BACKUP_TEXTS.failed);
      }
    });
    // Once the file exists, so the entry names it; 'Back up now' pressed twice is two entries naming one file.
    await recordBackupAction(db, actorId, { action: 'backup.create', file: backup.name, size: backup.size });
    return reply.code(201).send(present(backup));
  });

  // One entry per listing: the dashboard asks once per visit and after each 'Back up now', never on a timer
  // (decision 027), so the entries follow what administrators did rather than flooding the log.
  app.get('/api/admin/backups', { schema: { response: { 200: backupListSchema, ...errors } } }, async (request) => {
    const listed = backups.list();
    await recordBackupAction(db, callers.get(request)!.actorId, { action: 'backup.list', files: listed.map((b) => b.name) });
    return { backups: listed.map(present) };
  });
};
