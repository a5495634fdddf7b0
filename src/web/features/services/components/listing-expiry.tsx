import { Hourglass, RefreshCw } from '#web/components/icons/index.js';
import { EXPIRY_TEXTS, renewalDue } from '#shared/listing-expiry-texts.js';
import type { Service } from '#shared/services.js';
import { Button } from '#web/components/ui/button.js';
import { toast } from '#web/components/ui/use-toast.js';
import { errorMessage } from '#web/lib/api.js';
import { formatDay, useTimeZone } from '#web/lib/dates.js';
import { cn } from '#web/lib/utils.js';
import { useRenewService } from '../api/renew-service.js';

type ExpiringService = Pick<Service, 'id' | 'title' | 'expiresAt' | 'expired' | 'deletedAt'>;

/** 'Expired on Mar 5, 2027' or 'Expires on Mar 5, 2027' (decision 051); null when the listing has no expiry. */
export function expiryLabel(service: Pick<Service, 'expiresAt' | 'expired'>, timeZone?: string): string | null {
  if (service.expiresAt === null) return service.expired ? EXPIRY_TEXTS.expired : null;
  const day = formatDay(service.expiresAt, timeZone);
  return service.expired ? EXPIRY_TEXTS.expiredOn(day) : EXPIRY_TEXTS.expiresOn(day);
}

/** The owner's 'Renew' (decision 051): shows an expired listing again, and gives any listing a fresh expiry. */
export function RenewButton({ service, className }: { service: Pick<Service, 'id'>; className?: string }) {
  const renew = useRenewService();
  const timeZone = useTimeZone();
  function onRenew() {
    renew.mutate(service.id, {
      onSuccess: (renewed) => toast({ title: EXPIRY_TEXTS.renewed, description: expiryLabel(renewed, timeZone) ?? undefined }),
      onError: (error) => toast({ variant: 'destructive', title: 'Error', description: errorMessage(error, EXPIRY_TEXTS.renewFailed) }),
    });
  }
  return (
    <Button variant="outline" size="sm" className={className} onClick={onRenew} disabled={renew.isPending}>
      <RefreshCw aria-hidden="true" className={cn(renew.isPending && 'animate-spin motion-reduce:animate-none')} />
      {EXPIRY_TEXTS.renew}
    </Button>
  );
}

/**
 * For the owner of a listing that has expired or expires within the week: when, and 'Renew'. Nothing for a deleted
 * listing (restore it first) or one that is not due.
 */
export function ExpiryNotice({ service, className }: { service: ExpiringService; className?: string }) {
  const timeZone = useTimeZone();
  if (!renewalDue(service)) return null;
  return (
    <div className={cn('flex flex-wrap items-center justify-between gap-2 rounded-md border bg-background px-3 py-2 text-sm', className)}>
      <p className="flex items-center gap-1.5 font-medium">
        <Hourglass className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
        {expiryLabel(service, timeZone)}
      </p>
      <RenewButton service={service} />
    </div>
  );
}
