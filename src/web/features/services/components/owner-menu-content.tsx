import { useRef, useState } from 'react';
import { Pencil, RotateCcw, Trash2 } from '#web/components/icons/index.js';
import { Link } from 'wouter';
import { paths } from '#web/core/paths.js';
import { ShareMenuItem } from '#web/components/listing/share-menu-item.js';
import { Button } from '#web/components/ui/button.js';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '#web/components/ui/dialog.js';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '#web/components/ui/dropdown-menu.js';
import { toast } from '#web/components/ui/use-toast.js';
import { useFirstItemFocus } from '#web/lib/on-demand.js';
import { useDeleteService } from '../api/delete-service.js';
import { OwnerMenuButton, type OwnedListing } from './owner-menu-button.js';
import { offersPauseOrResume, usePauseOrResume, useRestoreListing } from './owner-actions.js';

/**
 * The owner's menu once its code is here (owner-menu.tsx): its button, and Edit, Pause or Resume (decision 070), Share,
 * Delete (after a confirmation) and Restore.
 */
export default function OwnerMenuContent({ service, withKeyboard = false }: { service: OwnedListing; withKeyboard?: boolean }) {
  const firstItemMenu = useFirstItemFocus(withKeyboard);
  const [confirming, setConfirming] = useState(false);
  // The dialog opens from a menu item that is gone once the menu closes: focus goes back to the menu button.
  const trigger = useRef<HTMLButtonElement>(null);
  const deleteService = useDeleteService();
  const restoreService = useRestoreListing(service);
  const pauseOrResume = usePauseOrResume(service);
  const PauseOrResumeIcon = pauseOrResume.icon;
  const deleted = service.deletedAt !== null;

  function onDelete() {
    deleteService.mutate(service.id, {
      onSuccess: () => {
        setConfirming(false);
        toast({ title: 'Service deleted', description: 'The service has been removed from public listings.' });
      },
      onError: () => toast({ variant: 'destructive', title: 'Error', description: 'Failed to delete the service. Please try again.' }),
    });
  }

  return (
    <>
      {/* Not modal: a modal menu would still hold the focus trap when the confirmation dialog opens from it. */}
      <DropdownMenu modal={false} defaultOpen>
        <DropdownMenuTrigger asChild>
          <OwnerMenuButton ref={trigger} listingTitle={service.title} />
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end" ref={firstItemMenu}>
          {deleted ? (
            <DropdownMenuItem onSelect={restoreService.run} disabled={restoreService.pending}>
              <RotateCcw aria-hidden="true" />
              Restore
            </DropdownMenuItem>
          ) : (
            <>
              <DropdownMenuItem asChild>
                <Link href={paths.editService(service.id)}>
                  <Pencil aria-hidden="true" />
                  Edit
                </Link>
              </DropdownMenuItem>
              {offersPauseOrResume(service) && (
                <DropdownMenuItem onSelect={pauseOrResume.run} disabled={pauseOrResume.pending}>
                  <PauseOrResumeIcon aria-hidden="true" />
                  {pauseOrResume.label}
                </DropdownMenuItem>
              )}
              {/* Only a public listing: others cannot open a paused or expired one. */}
              {service.isActive && !service.expired && <ShareMenuItem service={service} />}
              <DropdownMenuItem onSelect={() => setConfirming(true)} className="text-destructive focus:text-destructive">
                <Trash2 aria-hidden="true" />
                Delete
              </DropdownMenuItem>
            </>
          )}
        </DropdownMenuContent>
      </DropdownMenu>
      <Dialog open={confirming} onOpenChange={(open) => !deleteService.isPending && setConfirming(open)}>
        <DialogContent
          role="alertdialog"
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            trigger.current?.focus();
          }}
        >
          <DialogHeader>
            <DialogTitle>Are you sure?</DialogTitle>
            <DialogDescription>
              This removes &ldquo;{service.title}&rdquo; from the public listings. You can restore it later from My Services.
            </DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <Button variant="outline" onClick={() => setConfirming(false)} disabled={deleteService.isPending}>
              Cancel
            </Button>
            <Button variant="destructive" onClick={onDelete} disabled={deleteService.isPending}>
              Delete
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </>
  );
}
