import { DatabaseBackup, LoaderCircle } from '#web/components/icons/index.js';
import { BACKUP_TEXTS, backupSavedLabel, lastBackupLabel, megabytes } from '#shared/backups.js';
import { Button } from '#web/components/ui/button.js';
import { Skeleton } from '#web/components/ui/skeleton.js';
import { toast } from '#web/components/ui/use-toast.js';
import { errorMessage } from '#web/lib/api.js';
import { useBackUpNow, useBackups } from '../api/backups.js';
import { dayAndTime } from './format.js';

function LastBackup() {
  const backups = useBackups();
  if (backups.isPending) return <Skeleton className="h-5 w-64 max-w-full" />;
  if (backups.isError) return <p className="text-destructive">{errorMessage(backups.error, BACKUP_TEXTS.listFailure)}</p>;
  const latest = backups.data.backups[0];
  if (!latest) return <p className="text-muted-foreground">{BACKUP_TEXTS.none}</p>;
  return <p className="text-muted-foreground">{lastBackupLabel(dayAndTime(latest.createdAt), megabytes(latest.size))}</p>;
}

/** The newest backup's time and size, and a manual backup (decision 027), above the dashboard's tabs. */
export function BackupsPanel() {
  const backUpNow = useBackUpNow();

  function backUp() {
    backUpNow.mutate(undefined, {
      onSuccess: (backup) => toast({ title: backupSavedLabel(backup.name) }),
      onError: (error) => toast({ variant: 'destructive', title: BACKUP_TEXTS.backUpFailure, description: errorMessage(error, BACKUP_TEXTS.failed) }),
    });
  }

  return (
    <section
      aria-labelledby="admin-backups-title"
      className="mb-6 flex flex-col gap-3 rounded-lg border bg-card p-4 text-sm text-card-foreground sm:flex-row sm:items-center sm:justify-between"
    >
      <div className="flex min-w-0 items-start gap-3">
        <DatabaseBackup className="mt-0.5 size-5 shrink-0 text-muted-foreground" aria-hidden="true" />
        <div className="min-w-0 space-y-1">
          <h2 id="admin-backups-title" className="font-semibold">
            {BACKUP_TEXTS.panelTitle}
          </h2>
          <LastBackup />
        </div>
      </div>
      <Button variant="outline" size="sm" onClick={backUp} disabled={backUpNow.isPending} className="self-start sm:self-auto">
        {backUpNow.isPending ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : <DatabaseBackup aria-hidden="true" />}
        {backUpNow.isPending ? BACKUP_TEXTS.backingUp : BACKUP_TEXTS.backUpNow}
      </Button>
    </section>
  );
}
