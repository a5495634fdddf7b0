import type { BackupInfo } from './files.js';

/** Milliseconds from `now` to the next `hour`:00 local time (tomorrow's when today's has begun). */
export function msUntilHour(now: Date, hour: number): number {
  const next = new Date(now);
  next.setHours(hour, 0, 0, 0);
  if (next.getTime() <= now.getTime()) next.setDate(next.getDate() + 1);
  return next.getTime() - now.getTime();
}

export interface ScheduleOptions {
  hour: number;
  backUp: () => Promise<BackupInfo>;
  log: { info(details: object, message: string): void; error(details: object, message: string): void };
}

/**
 * The nightly backup: one timer to the next BACKUP_HOUR, re-armed after each run (a fixed 24 h interval would
 * drift across daylight-saving changes). Answers the stop function for shutdown.
 */
export function startBackupSchedule({ hour, backUp, log }: ScheduleOptions): () => void {
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const arm = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      backUp()
        .then((backup) => log.info({ backup: backup.name, bytes: backup.size }, 'Nightly backup written'))
        .catch((err: unknown) => log.error({ err }, 'The nightly backup failed'))
        .finally(arm);
    }, msUntilHour(new Date(), hour));
    // The timer alone never keeps the process alive.
    timer.unref();
  };
  arm();
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}
