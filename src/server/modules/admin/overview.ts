import type { AdminOverview } from '#shared/admin.js';
import type { Db } from '../../db/client.js';
import { readOutboxHealth } from '../mail/index.js';
import type { OverviewRepository } from './overview-repository.js';

/** What the Overview needs from the backups module: the newest backup file, as `GET /api/admin/backups` lists it first. */
export interface NewestBackup {
  latest(): { name: string; size: number; createdAt: Date } | null;
}

export interface OverviewDeps {
  db: Db;
  repo: OverviewRepository;
  /** The Reports tab's count of pending reports. */
  openReports: () => Promise<number>;
  backups: NewestBackup;
}

/**
 * The administrator's Overview tab (decision 029): activity per week, and what needs the organiser's
 * attention now: open reports, requests nobody answered, mail stuck in the outbox, how old the last backup is.
 */
export function createOverviewService({ db, repo, openReports, backups }: OverviewDeps) {
  return {
    async overview(): Promise<AdminOverview> {
      const [weeks, unanswered, reports, outbox] = await Promise.all([repo.weeks(), repo.unansweredRequests(), openReports(), readOutboxHealth(db)]);
      const backup = backups.latest();
      return {
        weeks,
        openReports: reports,
        unansweredRequests: {
          total: unanswered.total,
          oldest: unanswered.oldest.map((r) => ({ id: r.id, title: r.title, createdAt: r.createdAt.toISOString() })),
        },
        outbox: { pending: outbox.pending, failed: outbox.failed, oldestPendingAt: outbox.oldestPendingAt?.toISOString() ?? null },
        lastBackup: backup ? { at: backup.createdAt.toISOString(), sizeBytes: backup.size, file: backup.name } : null,
      };
    },
  };
}

export type OverviewService = ReturnType<typeof createOverviewService>;
