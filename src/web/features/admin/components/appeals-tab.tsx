import { useId, useState } from 'react';
import { type AdminAppeal, type AppealStatus, SANCTION_TEXTS } from '#shared/sanctions.js';
import { Badge } from '#web/components/ui/badge.js';
import { Button } from '#web/components/ui/button.js';
import { Label } from '#web/components/ui/label.js';
import { Textarea } from '#web/components/ui/textarea.js';
import { toast } from '#web/components/ui/use-toast.js';
import { errorMessage } from '#web/lib/api.js';
import { useAdminAppeals, useDecideAppeal } from '../api/appeals.js';
import { itemsOf } from '../api/query-keys.js';
import { ConfirmDialog } from './confirm-dialog.js';
import { day, dayAndTime, personName } from './format.js';
import { FilterSelect, PagedList, TabHeader } from './list-parts.js';

const STATUS_FILTERS = [
  { value: 'pending', label: 'Pending' },
  { value: 'all', label: 'All Appeals' },
  { value: 'lifted', label: 'Lifted' },
  { value: 'upheld', label: 'Upheld' },
] as const;

const STATUS_LABEL: Record<AppealStatus, string> = { pending: 'Pending', lifted: 'Lifted', upheld: 'Upheld' };

type Decision = 'lift' | 'uphold';

function AppealRow({ appeal, onDecide }: { appeal: AdminAppeal; onDecide: (appeal: AdminAppeal, decision: Decision) => void }) {
  const name = personName(appeal.user);
  return (
    <li className="grid gap-3 rounded-lg border bg-card p-4 text-card-foreground" aria-label={`Appeal by ${name}`}>
      <div className="flex flex-wrap items-center gap-2">
        <Badge variant={appeal.status === 'pending' ? 'outline' : 'secondary'}>{STATUS_LABEL[appeal.status]}</Badge>
        <span className="font-semibold [overflow-wrap:anywhere]">{name}</span>
        {appeal.user.email && <span className="text-sm text-muted-foreground [overflow-wrap:anywhere]">{appeal.user.email}</span>}
        <span className="text-sm text-muted-foreground">
          on <time dateTime={appeal.createdAt}>{dayAndTime(appeal.createdAt)}</time>
        </span>
      </div>
      <div className="grid gap-1 rounded-md border bg-muted p-3 text-sm">
        <p className="text-muted-foreground">
          Banned on {day(appeal.ban.createdAt)}
          {appeal.ban.bannedBy && ` by ${personName(appeal.ban.bannedBy)}`}
        </p>
        <p className="[overflow-wrap:anywhere]">{appeal.ban.reason ? SANCTION_TEXTS.suspendedReason(appeal.ban.reason) : 'No reason was given.'}</p>
      </div>
      <p className="whitespace-pre-line text-sm [overflow-wrap:anywhere]">&ldquo;{appeal.message}&rdquo;</p>
      {appeal.status === 'pending' ? (
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" size="sm" onClick={() => onDecide(appeal, 'uphold')}>
            {SANCTION_TEXTS.uphold}
          </Button>
          <Button size="sm" onClick={() => onDecide(appeal, 'lift')}>
            {SANCTION_TEXTS.lift}
          </Button>
        </div>
      ) : (
        appeal.decidedAt && (
          <p className="text-sm text-muted-foreground [overflow-wrap:anywhere]">
            {STATUS_LABEL[appeal.status]} on {day(appeal.decidedAt)}
            {appeal.decidedBy && ` by ${personName(appeal.decidedBy)}`}
            {appeal.note && `: “${appeal.note}”`}
          </p>
        )
      )}
    </li>
  );
}

/** Appeals against bans (decision 047): pending first; each is lifted or upheld with an optional note, and the person is emailed. */
export function AppealsTab() {
  const noteId = useId();
  const [status, setStatus] = useState<string>('pending');
  const [deciding, setDeciding] = useState<{ appeal: AdminAppeal; decision: Decision } | null>(null);
  const [note, setNote] = useState('');
  const appeals = useAdminAppeals(status);
  const decide = useDecideAppeal();
  const total = appeals.data?.pages[0]?.total;
  const items = itemsOf(appeals.data, (page) => page.appeals);

  function confirm() {
    if (!deciding) return;
    decide.mutate(
      { id: deciding.appeal.id, decision: deciding.decision, note },
      {
        onSuccess: () => {
          toast({ title: SANCTION_TEXTS.decided });
          setDeciding(null);
          setNote('');
        },
        onError: (error) => toast({ variant: 'destructive', title: SANCTION_TEXTS.decisionFailure, description: errorMessage(error, 'Please try again.') }),
      },
    );
  }

  const name = deciding ? personName(deciding.appeal.user) : '';
  return (
    <section aria-labelledby="admin-appeals-title">
      <TabHeader id="admin-appeals-title" title={SANCTION_TEXTS.appealsTitle} count={total === undefined ? undefined : `${total.toLocaleString('en-US')} ${total === 1 ? 'appeal' : 'appeals'}`}>
        <FilterSelect label="Status" value={status} onChange={setStatus} options={STATUS_FILTERS} className="w-40" />
      </TabHeader>
      <PagedList query={appeals} failure={SANCTION_TEXTS.fetchAppealsFailure}>
        {items.length === 0 ? (
          <div className="rounded-lg border border-dashed p-8 text-center">
            <p className="font-semibold">{SANCTION_TEXTS.noAppeals}</p>
          </div>
        ) : (
          <ul className="grid gap-3">
            {items.map((appeal) => (
              <AppealRow key={appeal.id} appeal={appeal} onDecide={(which, decision) => setDeciding({ appeal: which, decision })} />
            ))}
          </ul>
        )}
      </PagedList>
      <ConfirmDialog
        open={deciding !== null}
        onOpenChange={(open) => !open && setDeciding(null)}
        title={deciding?.decision === 'lift' ? `Lift the suspension of ${name}?` : `Uphold the suspension of ${name}?`}
        description={
          deciding?.decision === 'lift'
            ? 'They can sign in again at once, and their listings come back. They are emailed the decision.'
            : 'They stay suspended and are emailed the decision. This was their one appeal for this suspension.'
        }
        confirmLabel={deciding?.decision === 'lift' ? SANCTION_TEXTS.lift : SANCTION_TEXTS.uphold}
        pending={decide.isPending}
        onConfirm={confirm}
      >
        <div className="grid gap-2">
          <Label htmlFor={noteId}>{SANCTION_TEXTS.decisionNoteLabel}</Label>
          <Textarea id={noteId} rows={3} maxLength={1000} value={note} onChange={(event) => setNote(event.target.value)} />
        </div>
      </ConfirmDialog>
    </section>
  );
}
