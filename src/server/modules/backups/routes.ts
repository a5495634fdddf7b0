import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { BACKUP_TEXTS, backupListSchema, backupSchema, type Backup } from '#shared/backups.js';
import { apiErrorSchema } from '#shared/errors.js';
import type { FastifyRequest } from 'fastify';
import { requireAdministrator, type SecondFactorPolicy } from '../../lib/admin-gate.js';
import { HttpError, unauthorized } from '../../lib/errors.js';
import { isBearer, isFromThisMachine } from '../../lib/local-requests.js';
import { RateLimit } from '../../lib/rate-limit.js';
import type { BackupInfo } from './files.js';
import { MissingToolError } from './postgres.js';
import type { BackupService } from './service.js';

export interface BackupRoutesOptions {
  backups: BackupService;
  /** The token `npm run backup` presents from this machine (local-access.ts). */
  localToken: string;
  rateLimitScale: number;
  /** REQUIRE_ADMIN_2FA, as for every /api/admin route (lib/admin-gate.ts, decision 061). */
  secondFactor?: SecondFactorPolicy;
}

const present = (b: BackupInfo): Backup => ({ name: b.name, size: b.size, createdAt: b.createdAt.toISOString(), kind: b.kind });
const errors = { 401: apiErrorSchema, 403: apiErrorSchema, 429: apiErrorSchema, 503: apiErrorSchema };

/** A backup costs a full copy of the database: a handful per ten minutes is plenty for a person or the CLI. */
const BACKUP_LIMIT = { points: 6, durationSeconds: 10 * 60, name: 'backups' };

/**
 * POST /api/admin/backups takes a backup now (decision 027); GET lists the files. For the administrator, or for
 * `npm run backup` on this machine with the server's local token.
 */
export const backupRoutes: FastifyPluginAsyncZod<BackupRoutesOptions> = async (app, { backups, localToken, rateLimitScale, secondFactor }) => {
  const limit = new RateLimit(BACKUP_LIMIT, rateLimitScale, BACKUP_TEXTS.tooMany);

  /** Who asks: 'local' for the command line, the administrator's id otherwise; anyone else is refused. */
  const caller = async (request: FastifyRequest): Promise<string> => {
    const authorization = request.headers.authorization;
    if (authorization?.startsWith('Bearer ')) {
      // The socket's own peer, never X-Forwarded-For, and nothing a proxy forwarded: nginx on this machine connects
      // from loopback for every visitor, and must not carry a remote caller's token in as a local one.
      if (!isFromThisMachine(request) || !isBearer(authorization, localToken)) {
        throw unauthorized(BACKUP_TEXTS.badToken);
      }
      return 'local';
    }
    return (await requireAdministrator(request, secondFactor)).id;
  };

  app.addHook('preValidation', async (request) => {
    await caller(request);
  });
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.post('/api/admin/backups', { schema: { response: { 201: backupSchema, ...errors } } }, async (request, reply) => {
    const backup = await limit.spendOnSuccess(await caller(request), async () => {
      try {
        return await backups.backUpNow('manual');
      } catch (error) {
        if (error instanceof MissingToolError) throw new HttpError(503, BACKUP_TEXTS.pgDumpMissing);
        request.log.error({ err: error }, 'backup failed');
        throw new HttpError(503, BACKUP_TEXTS.failed);
      }
    });
    return reply.code(201).send(present(backup));
  });

  app.get('/api/admin/backups', { schema: { response: { 200: backupListSchema, ...errors } } }, () => ({
    backups: backups.list().map(present),
  }));
};
