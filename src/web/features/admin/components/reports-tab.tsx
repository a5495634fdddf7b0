import { useState } from 'react';
import { ExternalLink, MessagesSquare } from '#web/components/icons/index.js';
import { ADMIN_TEXTS, noReportsWithStatus, reviewedByLabel, totalReportsLabel, type AdminReport } from '#shared/admin.js';
import { REPORT_REASON_LABELS, type ReportStatus } from '#shared/reports.js';
import { paths } from '#web/core/paths.js';
import { Badge } from '#web/components/ui/badge.js';
import { Button } from '#web/components/ui/button.js';
import { toast } from '#web/components/ui/use-toast.js';
import { errorMessage } from '#web/lib/api.js';
import { itemsOf } from '../api/query-keys.js';
import { useAdminReports, useUpdateReportStatus } from '../api/reports.js';
import { day, dayAndTime, personName, reportPrice } from './format.js';
import { ConversationMessages } from './conversations-tab.js';
import { FilterSelect, PagedList, TabHeader } from './list-parts.js';

const STATUS_FILTERS = [
  { value: 'all', label: 'All Reports' },
  { value: 'pending', label: 'Pending' },
  { value: 'reviewed', label: 'Reviewed' },
  { value: 'dismissed', label: 'Dismissed' },
] as const;

const KIND_FILTERS = [
  { value: 'all', label: 'All kinds' },
  { value: 'service', label: 'Listings' },
  { value: 'member', label: 'Members' },
  { value: 'message', label: 'Messages' },
] as const;

/** What a report row says it is about, for its label and the reported conversation's heading. */
function aboutOf(report: AdminReport): string {
  if (report.kind === 'service') return report.service.title;
  if (report.kind === 'member') return `member ${personName(report.reportedUser)}`;
  return `a message from ${personName(report.message.sender)}`;
}

/** The reported conversation to read, opened from a message report. */
interface OpenConversation {
  id: number;
  messageId: number;
  title: string;
}

const STATUS_BADGE: Record<ReportStatus, string> = {
  pending: 'border-amber-300 bg-amber-100 text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100',
  reviewed: 'border-emerald-300 bg-emerald-100 text-emerald-950 dark:border-emerald-700 dark:bg-emerald-950 dark:text-emerald-100',
  dismissed: 'border-border bg-muted text-foreground',
};

const statusLabel = (status: ReportStatus) => status.charAt(0).toUpperCase() + status.slice(1);

/** The listing of a listing's report, as the specification (§2) shows it. */
function ReportedListing({ service }: { service: Extract<AdminReport, { kind: 'service' }>['service'] }) {
  return (
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
  );
}

function ReportRow({ report, onOpenConversation }: { report: AdminReport; onOpenConversation: (open: OpenConversation) => void }) {
  const update = useUpdateReportStatus();

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
    <li className="grid gap-3 rounded-lg border bg-card p-4 text-card-foreground" aria-label={`Report about ${aboutOf(report)}`}>
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

      {report.kind === 'service' && <ReportedListing service={report.service} />}
      {report.kind === 'member' && (
        <div className="grid gap-1 rounded-md border bg-muted p-3 text-sm">
          <p className="text-muted-foreground">{ADMIN_TEXTS.reportedMember}</p>
          <p className="flex flex-wrap items-center gap-2">
            <span className="font-medium [overflow-wrap:anywhere]">{personName(report.reportedUser)}</span>
            {report.reportedUser.email && <span className="text-muted-foreground [overflow-wrap:anywhere]">{report.reportedUser.email}</span>}
            {report.reportedUser.isBanned && <Badge variant="destructive">Banned</Badge>}
          </p>
        </div>
      )}
      {report.kind === 'message' && (
        <div className="grid gap-1 rounded-md border bg-muted p-3 text-sm">
          <p className="text-muted-foreground">
            {ADMIN_TEXTS.reportedMessage} from <span className="text-foreground">{personName(report.message.sender)}</span> on{' '}
            <time dateTime={report.message.createdAt}>{dayAndTime(report.message.createdAt)}</time>
          </p>
          <p className="whitespace-pre-line [overflow-wrap:anywhere]">{report.message.content}</p>
        </div>
      )}

      <div className="flex flex-wrap items-center gap-2">
        {report.kind === 'service' && (
          <Button asChild variant="outline" size="sm">
            <a href={paths.servicesMatching(report.service.title)} target="_blank" rel="noopener noreferrer">
              <ExternalLink aria-hidden="true" />
              {ADMIN_TEXTS.viewService}
              <span className="sr-only"> (opens in a new tab)</span>
            </a>
          </Button>
        )}
        {report.kind === 'message' && (
          <Button
            variant="outline"
            size="sm"
            onClick={() => onOpenConversation({ id: report.conversationId, messageId: report.message.id, title: `The conversation of ${aboutOf(report)}` })}
          >
            <MessagesSquare aria-hidden="true" />
            {ADMIN_TEXTS.readConversation}
          </Button>
        )}
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

/** The specification (§2), Reports: filtered by status, newest first; pending ones can be dismissed or marked reviewed. */
export function ReportsTab() {
  const [status, setStatus] = useState<string>('all');
  const [kind, setKind] = useState<string>('all');
  const [conversation, setConversation] = useState<OpenConversation | null>(null);
  const reports = useAdminReports(status, kind);
  const total = reports.data?.pages[0]?.total;
  const items = itemsOf(reports.data, (page) => page.reports);

  if (conversation) {
    return (
      <ConversationMessages
        conversationId={conversation.id}
        title={conversation.title}
        backLabel={ADMIN_TEXTS.backToReports}
        onBack={() => setConversation(null)}
        highlight={conversation.messageId}
      />
    );
  }

  return (
    <section aria-labelledby="admin-reports-title">
      <TabHeader id="admin-reports-title" title={ADMIN_TEXTS.reportsTitle} count={total === undefined ? undefined : totalReportsLabel(total)}>
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
          <FilterSelect label="Kind" value={kind} onChange={setKind} options={KIND_FILTERS} className="w-36" />
          <FilterSelect label="Status" value={status} onChange={setStatus} options={STATUS_FILTERS} className="w-44" />
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
              <ReportRow key={report.id} report={report} onOpenConversation={setConversation} />
            ))}
          </ul>
        )}
      </PagedList>
    </section>
  );
}
