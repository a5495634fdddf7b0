import type { CreateReport, Report } from '#shared/reports.js';
import { REPORT_ERRORS, REPORT_TEXTS, REPORTS_PER_HOUR } from '#shared/reports.js';
import { badRequest, conflict, notFound, tooManyRequests } from '../../lib/errors.js';
import type { Db } from '../../db/client.js';
import type { Viewer } from '../../lib/viewer.js';
import type { ReportRow, ReportsRepository } from './repository.js';
import type { ListingsService } from '../listings/index.js';

function present(row: ReportRow, reporter: Viewer, service: { id: number; title: string }): Report {
  return {
    id: row.id,
    status: row.status,
    reason: row.reason,
    description: row.description,
    createdAt: row.createdAt.toISOString(),
    reporter: { id: reporter.id, username: reporter.username },
    service: { id: service.id, title: service.title },
    reviewedBy: row.reviewedBy,
    reviewedAt: row.reviewedAt?.toISOString() ?? null,
  };
}

/** What reports need from the listings module: the access policy's answer for the reporter. */
export type ReportedListings = Pick<ListingsService, 'access'>;

export function createReportsService(deps: { repo: ReportsRepository; listings: ReportedListings; now?: () => Date }) {
  const { repo, listings } = deps;
  const now = deps.now ?? (() => new Date());

  return {
    async create(user: Viewer, serviceId: number, input: CreateReport): Promise<Report> {
      const { reason, listing: service } = await listings.access(serviceId, user.id);
      // A paused listing, or one whose owner is banned, is not public: nobody else can see it to report it.
      if (!service || reason === 'paused' || reason === 'banned-owner') throw notFound(REPORT_ERRORS.serviceNotFound);
      if (reason === 'own') throw badRequest(REPORT_TEXTS.ownListing, { code: 'own_listing' });
      if (reason === 'deleted') throw conflict(REPORT_ERRORS.serviceDeleted, { code: 'listing_deleted' });
      const row = await repo.asReporter(user.id, async (tx) => {
        if (await repo.hasPending(tx, serviceId, user.id)) throw conflict(REPORT_ERRORS.alreadyReported, { code: 'already_reported' });
        const recent = await repo.countSince(tx, user.id, new Date(now().getTime() - 3_600_000));
        if (recent >= REPORTS_PER_HOUR) throw tooManyRequests(REPORT_ERRORS.tooManyReports, 3600);
        return repo.insert(tx, { serviceId, reporterId: user.id, reason: input.reason, description: input.description ?? null });
      });
      if (!row) throw conflict(REPORT_ERRORS.alreadyReported, { code: 'already_reported' });
      return present(row, user, service);
    },

    /** The administrator's decision on a pending report, inside their transaction (see the repository's setStatus). */
    setStatus: (tx: Db, reportId: number, status: 'reviewed' | 'dismissed', reviewerId: string) => repo.setStatus(tx, reportId, status, reviewerId),
  };
}

export type ReportsService = ReturnType<typeof createReportsService>;
