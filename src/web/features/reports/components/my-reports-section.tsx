import { format } from 'date-fns';
import { MY_REPORT_TEXTS, REPORT_REASON_LABELS, type MyReport } from '#shared/report-texts.js';
import { QuerySection } from '#web/components/query-section.js';
import { Badge } from '#web/components/ui/badge.js';
import { useMyReports } from '../api/my-reports.js';

const day = (iso: string) => format(new Date(iso), 'MMM d, yyyy');

/** What the report was about, as the list names it. */
function about(report: MyReport): string {
  if ('title' in report.target) return `“${report.target.title}”`;
  return report.kind === 'member' ? report.target.username : `A message from ${report.target.username}`;
}

/** The profile's 'My reports' (decision 046): what the person reported, and what became of it. */
export function MyReportsSection() {
  const reports = useMyReports();
  const items = reports.data?.reports ?? [];
  return (
    <QuerySection
      title={MY_REPORT_TEXTS.title}
      help={MY_REPORT_TEXTS.help}
      query={reports}
      loadingLabel="Loading your reports"
      failure={MY_REPORT_TEXTS.failure}
      empty={items.length === 0 ? MY_REPORT_TEXTS.empty : null}
    >
      <ul className="divide-y rounded-md border">
        {items.map((report) => (
          <li key={report.id} className="grid gap-1 p-3 text-sm">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <p className="min-w-0 font-medium [overflow-wrap:anywhere]">{about(report)}</p>
              <Badge variant={report.status === 'pending' ? 'outline' : 'secondary'}>{MY_REPORT_TEXTS.status[report.status]}</Badge>
            </div>
            <p className="text-muted-foreground">
              {MY_REPORT_TEXTS.kind[report.kind]} · {REPORT_REASON_LABELS[report.reason]} · reported {day(report.createdAt)}
              {report.reviewedAt && ` · decided ${day(report.reviewedAt)}`}
            </p>
          </li>
        ))}
      </ul>
    </QuerySection>
  );
}
