import { LISTING_ACTIVE_TEXTS } from '#shared/listing-active-texts.js';
import type { Service } from '#shared/services.js';
import { Pause, Play, type IconComponent } from '#web/components/icons/index.js';
import { toast } from '#web/components/ui/use-toast.js';
import { errorMessage } from '#web/lib/api.js';
import { useRestoreService } from '../api/restore-service.js';
import { useSetListingActive } from '../api/set-listing-active.js';

export type PausableListing = Pick<Service, 'id' | 'isActive' | 'expired' | 'deletedAt'>;

/**
 * Whether the owner is offered Pause or Resume (decision 070): not for a deleted listing (restore it first), nor Resume
 * for an expired one, which the server refuses: its 'Renew' (ExpiryNotice, beside it on the card and the page) comes
 * first and says so, and Resume is offered once it is renewed.
 */
export function offersPauseOrResume(service: PausableListing): boolean {
  return service.deletedAt === null && (service.isActive || !service.expired);
}

/** Pause or Resume with its toasts, for the owner's menu and the owner's panel on the listing page. */
export function usePauseOrResume(service: Pick<Service, 'id' | 'isActive'>): { label: string; icon: IconComponent; run: () => void; pending: boolean } {
  const setActive = useSetListingActive();
  const resume = !service.isActive;
  function run() {
    setActive.mutate(
      { id: service.id, isActive: resume },
      {
        onSuccess: () =>
          toast(
            resume
              ? { title: LISTING_ACTIVE_TEXTS.resumed, description: LISTING_ACTIVE_TEXTS.resumedDescription }
              : { title: LISTING_ACTIVE_TEXTS.paused, description: LISTING_ACTIVE_TEXTS.pausedDescription },
          ),
        onError: (error) =>
          toast({ variant: 'destructive', title: 'Error', description: errorMessage(error, resume ? LISTING_ACTIVE_TEXTS.resumeFailed : LISTING_ACTIVE_TEXTS.pauseFailed) }),
      },
    );
  }
  return { label: resume ? LISTING_ACTIVE_TEXTS.resume : LISTING_ACTIVE_TEXTS.pause, icon: resume ? Play : Pause, run, pending: setActive.isPending };
}

/** Restore a deleted listing with the specification's toasts, for the owner's menu and the owner's panel. */
export function useRestoreListing(service: Pick<Service, 'id'>): { run: () => void; pending: boolean } {
  const restore = useRestoreService();
  function run() {
    restore.mutate(service.id, {
      onSuccess: () => toast({ title: 'Service restored' }),
      onError: () => toast({ variant: 'destructive', title: 'Error', description: 'Failed to restore the service. Please try again.' }),
    });
  }
  return { run, pending: restore.isPending };
}
