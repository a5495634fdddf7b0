import type { ReactNode } from 'react';
import { DatabaseBackup, Flag, Mail, MessageCircleQuestion } from '#web/components/icons/index.js';
import { Link } from 'wouter';
import {
  ADMIN_TEXTS,
  UNANSWERED_REQUEST_DAYS,
  failedLabel,
  oldestWaitingLabel,
  postedLabel,
  unansweredHint,
  waitingLabel,
  type AdminOverview,
  type OverviewWeek,
} from '#shared/admin.js';
import { BACKUP_TEXTS, megabytes } from '#shared/backups.js';
import { paths } from '#web/core/paths.js';
import { Button } from '#web/components/ui/button.js';
import { Spinner } from '#web/components/ui/spinner.js';
import { useAdminOverview } from '../api/overview.js';
import { count, day, dayAndTime } from './format.js';
import { TabHeader } from './list-parts.js';
import { WeeklyChart } from './weekly-chart.js';

const CHARTS: Array<{ id: string; title: string; valueOf: (week: OverviewWeek) => number }> = [
  { id: 'overview-members', title: ADMIN_TEXTS.newMembers, valueOf: (week) => week.members },
  { id: 'overview-listings', title: ADMIN_TEXTS.newListings, valueOf: (week) => week.listings },
  { id: 'overview-messages', title: ADMIN_TEXTS.messagesSent, valueOf: (week) => week.messages },
  { id: 'overview-completed', title: ADMIN_TEXTS.completedJobs, valueOf: (week) => week.completedJobs },
];

/** One figure of 'Needs attention': a title with its icon, the number, and what to do about it. */
function Figure({ icon, title, value, children }: { icon: ReactNode; title: string; value: string; children?: ReactNode }) {
  return (
    <div className="flex min-w-0 flex-col gap-1 rounded-lg border bg-card p-4 text-sm text-card-foreground">
      <dt className="flex items-center gap-2 font-medium text-muted-foreground">
        {icon}
        {title}
      </dt>
      <dd className="text-2xl font-semibold tabular-nums [overflow-wrap:anywhere]">{value}</dd>
      {children}
    </div>
  );
}

const iconClass = 'size-4 shrink-0';

function NeedsAttention({ overview }: { overview: AdminOverview }) {
  const { openReports, unansweredRequests, outbox, lastBackup } = overview;
  return (
    <section aria-labelledby="admin-attention-title" className="mb-8">
      <h3 id="admin-attention-title" className="mb-3 text-lg font-semibold">
        {ADMIN_TEXTS.attentionTitle}
      </h3>
      <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <Figure icon={<Flag className={iconClass} aria-hidden="true" />} title={ADMIN_TEXTS.openReports} value={count(openReports)}>
          <dd>
            <Link href={paths.adminTab('reports')} className="text-link underline-offset-4 hover:underline">
              {ADMIN_TEXTS.reviewReports}
            </Link>
          </dd>
        </Figure>
        <Figure
          icon={<MessageCircleQuestion className={iconClass} aria-hidden="true" />}
          title={ADMIN_TEXTS.unansweredRequests}
          value={count(unansweredRequests.total)}
        >
          <dd className="text-muted-foreground">{unansweredHint(UNANSWERED_REQUEST_DAYS)}</dd>
          {unansweredRequests.oldest.length > 0 && (
            <dd>
              <ul className="mt-1 grid gap-1">
                {unansweredRequests.oldest.map((request) => (
                  <li key={request.id} className="min-w-0">
                    <a href={paths.servicesMatching(request.title)} className="text-link underline-offset-4 [overflow-wrap:anywhere] hover:underline">
                      {request.title}
                    </a>
                    <span className="block text-xs text-muted-foreground">{postedLabel(day(request.createdAt))}</span>
                  </li>
                ))}
              </ul>
            </dd>
          )}
        </Figure>
        <Figure icon={<Mail className={iconClass} aria-hidden="true" />} title={ADMIN_TEXTS.mailOutbox} value={waitingLabel(count(outbox.pending))}>
          <dd className={outbox.failed > 0 ? 'font-medium text-destructive' : 'text-muted-foreground'}>{failedLabel(count(outbox.failed))}</dd>
          <dd className="text-muted-foreground">
            {outbox.oldestPendingAt ? oldestWaitingLabel(dayAndTime(outbox.oldestPendingAt)) : ADMIN_TEXTS.nothingWaiting}
          </dd>
        </Figure>
        <Figure
          icon={<DatabaseBackup className={iconClass} aria-hidden="true" />}
          title={ADMIN_TEXTS.lastBackup}
          value={lastBackup ? megabytes(lastBackup.sizeBytes) : BACKUP_TEXTS.none}
        >
          {lastBackup && (
            <dd className="text-muted-foreground">
              <time dateTime={lastBackup.at}>{dayAndTime(lastBackup.at)}</time>
            </dd>
          )}
        </Figure>
      </dl>
    </section>
  );
}

/** Weekly activity as charts, and what needs the organiser's attention now (decision 029). */
export function OverviewTab() {
  const overview = useAdminOverview();
  return (
    <section aria-labelledby="admin-overview-title">
      <TabHeader id="admin-overview-title" title={ADMIN_TEXTS.overviewTab} />
      {overview.isPending ? (
        <Spinner label="Loading" className="my-8 w-full" />
      ) : overview.isError ? (
        <div role="alert" className="my-8 flex flex-col items-center gap-3 text-center">
          <p className="font-medium">{ADMIN_TEXTS.fetchOverviewFailure}</p>
          <Button variant="outline" onClick={() => void overview.refetch()}>
            Try again
          </Button>
        </div>
      ) : (
        <>
          <NeedsAttention overview={overview.data} />
          <section aria-labelledby="admin-activity-title">
            <h3 id="admin-activity-title" className="mb-3 text-lg font-semibold">
              {ADMIN_TEXTS.activityTitle}
            </h3>
            <div className="grid items-start gap-4 md:grid-cols-2">
              {CHARTS.map((chart) => (
                <WeeklyChart key={chart.id} id={chart.id} title={chart.title} weeks={overview.data.weeks} valueOf={chart.valueOf} />
              ))}
            </div>
          </section>
        </>
      )}
    </section>
  );
}
