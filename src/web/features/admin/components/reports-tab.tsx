import { useId, useState } from 'react';
import { ExternalLink } from 'lucide-react';
import { ADMIN_TEXTS, noReportsWithStatus, reviewedByLabel, totalReportsLabel, type AdminReport } from '#shared/admin.js';
import { REPORT_REASON_LABELS, type ReportStatus } from '#shared/reports.js';
import { paths } from '#web/app/paths.js';
import { Badge } from '#web/components/ui/badge.js';
import { Button } from '#web/components/ui/button.js';
import { Label } from '#web/components/ui/label.js';
import { nativeSelectClasses } from '#web/components/ui/native-select.js';
import { toast } from '#web/components/ui/use-toast.js';
import { errorMessage } from '#web/lib/api.js';
import { cn } from '#web/lib/utils.js';
import { itemsOf } from '../api/query-keys.js';
import { useAdminReports, useUpdateReportStatus } from '../api/reports.js';
import { day, dayAndTime, personName, reportPrice } from './format.js';
import { PagedList, TabHeader } from './list-parts.js';

const STATUS_FILTERS = [
  { value: 'all', label: 'All Reports' },
  { value: 'pending', label: 'Pending' },
  { value: 'reviewed', label: 'Reviewed' },
  { value: 'dismissed', label: 'Dismissed' },
] as const;

const STATUS_BADGE: Record<ReportStatus, string> = {
  pending: 'border-amber-300 bg-amber-100 text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100',
  reviewed: 'border-emerald-300 bg-emerald-100 text-emerald-950 dark:border-emerald-700 dark:bg-emerald-950 dark:text-emerald-100',
  dismissed: 'border-border bg-muted text-foreground',
};

const statusLabel = (status: ReportStatus) => status.charAt(0).toUpperCase() + status.slice(1);

function ReportRow({ report }: { report: AdminReport }) {
  const update = useUpdateReportStatus();
  const { service } = report;

  function setStatus(status: 'reviewed' | 'dismissed') {
    update.mutate(
      { id: report.id, status },
      {
        onSuccess: () => toast({ title: ADMIN_TEXTS.reportStatusUpdated }),
        onError: (error) => toast({ variant: 'destructive', title: ADMIN_TEXTS.reportStatusFailure, description: errorMessage(error, 'Please try again.') }),
      },
    );
  }

  return (
    <li className="grid gap-3 rounded-lg border bg-card p-4 text-card-foreground" aria-label={`Report about ${service.title}`}>
      <div className="flex flex-wrap items-center gap-2">
        <Badge variant="outline" className={STATUS_BADGE[report.status]}>
          {statusLabel(report.status)}
        </Badge>
        <span className="font-semibold">{REPORT_REASON_LABELS[report.reason]}</span>
        <span className="text-sm text-muted-foreground">
          by {personName(report.reporter)} on <time dateTime={report.createdAt}>{dayAndTime(report.createdAt)}</time>
        </span>
      </div>
      {report.description && <p className="text-sm [overflow-wrap:anywhere]">&ldquo;{report.description}&rdquo;</p>}

      <div className="grid gap-1 rounded-md border bg-muted p-3 text-sm">
        <p className="flex flex-wrap items-center gap-2">
          <span className="font-medium [overflow-wrap:anywhere]">{service.title}</span>
          <Badge variant="outline" className="bg-background">
            {service.category.name}
          </Badge>
          {service.deletedAt && <Badge variant="destructive">Deleted</Badge>}
        </p>
        <p className="line-clamp-2 text-muted-foreground [overflow-wrap:anywhere]">{service.description}</p>
        <p className="text-muted-foreground">
          By <span className="text-foreground">{personName(service.author)}</span> · <span className="text-foreground">{reportPrice(service)}</span>
        </p>
      </div>

      <div className="flex flex-wrap items-center gap-2">
        <Button asChild variant="outline" size="sm">
          <a href={paths.servicesMatching(service.title)} target="_blank" rel="noopener noreferrer">
            <ExternalLink aria-hidden="true" />
            {ADMIN_TEXTS.viewService}
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
        </Button>
        {report.status === 'pending' ? (
          <>
            <Button variant="outline" size="sm" onClick={() => setStatus('dismissed')} disabled={update.isPending}>
              Dismiss
            </Button>
            <Button size="sm" onClick={() => setStatus('reviewed')} disabled={update.isPending}>
              Mark Reviewed
            </Button>
          </>
        ) : (
          report.reviewedAt && (
            <p className="text-sm text-muted-foreground">
              {report.status === 'reviewed' ? reviewedByLabel(day(report.reviewedAt)) : `Dismissed by admin on ${day(report.reviewedAt)}`}
              {report.reviewedBy && ` (${personName(report.reviewedBy)})`}
            </p>
          )
        )}
      </div>
    </li>
  );
}

/** Spec section 2, Reports: filtered by status, newest first; pending ones can be dismissed or marked reviewed. */
export function ReportsTab() {
  const filterId = useId();
  const [status, setStatus] = useState<string>('all');
  const reports = useAdminReports(status);
  const total = reports.data?.pages[0]?.total;
  const items = itemsOf(reports.data, (page) => page.reports);

  return (
    <section aria-labelledby="admin-reports-title">
      <TabHeader id="admin-reports-title" title={ADMIN_TEXTS.reportsTitle} count={total === undefined ? undefined : totalReportsLabel(total)}>
        <div className="flex items-center gap-2">
          <Label htmlFor={filterId}>Status</Label>
          <select id={filterId} className={cn(nativeSelectClasses, 'w-44')} value={status} onChange={(event) => setStatus(event.target.value)}>
            {STATUS_FILTERS.map((filter) => (
              <option key={filter.value} value={filter.value}>
                {filter.label}
              </option>
            ))}
          </select>
        </div>
      </TabHeader>
      <PagedList query={reports} failure={ADMIN_TEXTS.fetchReportsFailure}>
        {items.length === 0 ? (
          <div className="rounded-lg border border-dashed p-8 text-center">
            <p className="font-semibold">{ADMIN_TEXTS.noReportsTitle}</p>
            <p className="mt-1 text-sm text-muted-foreground">{status === 'all' ? ADMIN_TEXTS.noReportsYet : noReportsWithStatus(status)}</p>
          </div>
        ) : (
          <ul className="grid gap-3">
            {items.map((report) => (
              <ReportRow key={report.id} report={report} />
            ))}
          </ul>
        )}
      </PagedList>
    </section>
  );
}
