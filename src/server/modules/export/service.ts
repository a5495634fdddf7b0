import type { Readable } from 'node:stream';
import { DATA_EXPORT_FILES, DATA_EXPORT_TEXTS, DATA_EXPORTS_PER_DAY, dataExportFileName } from '#shared/data-export.js';
import { MESSAGES } from '#shared/texts.js';
import type { Db } from '#server/db/client.js';
import { unauthorized } from '#server/lib/errors.js';
import { RateLimit } from '#server/lib/rate-limit.js';
import { exportedFiles } from '../accounts/index.js';
import { type ArchiveLog, archiveStream } from './archive.js';
import { createExportRepository } from './repository.js';
import { readArchive } from './sections.js';

const DAY_SECONDS = 24 * 60 * 60;

/**
 * "Download my data" (decision 062): the member's archive, as a stream, at most `DATA_EXPORTS_PER_DAY` a day. The
 * files are those the registry of personal data exports to, in the order the profile lists them.
 */
export function createDataExportService(deps: { db: Db; rateLimitScale?: number; now?: () => Date }) {
  const { db } = deps;
  const perDay = new RateLimit({ name: 'data-export', points: DATA_EXPORTS_PER_DAY, durationSeconds: DAY_SECONDS }, deps.rateLimitScale ?? 1, DATA_EXPORT_TEXTS.tooMany);
  const exported = exportedFiles();
  const files = DATA_EXPORT_FILES.map((f) => f.file).filter((file) => exported.has(file));
  const pictures = createExportRepository(db);

  return {
    /**
     * Reads the whole archive but its pictures before answering, so a refusal or a failure is still a clean error;
     * only an archive that could be read counts against the day's budget. `sessionId` marks the session asking.
     */
    async archive(userId: string, sessionId: string, log: ArchiveLog): Promise<{ fileName: string; stream: Readable }> {
      const now = deps.now?.() ?? new Date();
      const content = await perDay.spendOnSuccess(userId, async () => {
        const read = await readArchive(db, userId, sessionId, now);
        // Deleted between the session check and the read: as signed out.
        if (!read) throw unauthorized(MESSAGES.signedOut);
        return read;
      });
      return { fileName: dataExportFileName(now), stream: archiveStream(content, files, (id) => pictures.pictureBytes(id), log) };
    },
  };
}

export type DataExportService = ReturnType<typeof createDataExportService>;
