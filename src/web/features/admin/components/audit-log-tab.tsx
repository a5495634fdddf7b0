import { ADMIN_TEXTS, AUDIT_ACTION_LABELS, byServerOperator, SERVER_OPERATOR_LABEL } from '#shared/admin.js';
import { useAuditLog } from '../api/audit-log.js';
import { itemsOf } from '../api/query-keys.js';
import { dayAndTime, personName } from './format.js';
import { PagedList, TabHeader } from './list-parts.js';

/** Every administrator action, newest first, read-only (decision 012: beyond the spec). */
export function AuditLogTab() {
  const audit = useAuditLog();
  const total = audit.data?.pages[0]?.total;
  const entries = itemsOf(audit.data, (page) => page.entries);
  return (
    <section aria-labelledby="admin-audit-title">
      <TabHeader
        id="admin-audit-title"
        title={ADMIN_TEXTS.auditTitle}
        count={total === undefined ? undefined : `${total.toLocaleString('en-US')} ${total === 1 ? 'entry' : 'entries'}`}
      />
      <PagedList query={audit} failure="Failed to fetch the audit log">
        {entries.length === 0 ? (
          <p className="rounded-lg border border-dashed p-6 text-center text-sm text-muted-foreground">No administrator actions yet.</p>
        ) : (
          <ol className="divide-y rounded-lg border bg-card text-card-foreground">
            {entries.map((entry) => (
              <li key={entry.id} className="grid gap-1 p-3 text-sm sm:grid-cols-[12rem_minmax(0,1fr)] sm:gap-4">
                <time dateTime={entry.createdAt} className="text-muted-foreground">
                  {dayAndTime(entry.createdAt)}
                </time>
                <p className="[overflow-wrap:anywhere]">
                  <span className="font-medium">{byServerOperator(entry) ? SERVER_OPERATOR_LABEL : personName(entry.actor)}</span> · {AUDIT_ACTION_LABELS[entry.action]}:{' '}
                  <span className="text-muted-foreground">{entry.summary}</span>
                </p>
              </li>
            ))}
          </ol>
        )}
      </PagedList>
    </section>
  );
}
