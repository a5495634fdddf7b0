import { BLOCK_TEXTS } from '#shared/member-texts.js';
import { Button } from '#web/components/ui/button.js';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '#web/components/ui/dialog.js';
import { toast } from '#web/components/ui/use-toast.js';
import { errorMessage } from '#web/lib/api.js';
import { useSetBlocked } from '../api/blocks.js';
import type { BlockMemberDialogProps } from './block-member-dialog.js';

/** Asks before blocking a member, says what a block does, and blocks (block-member-dialog.tsx loads it, decision 068). */
export default function BlockMemberDialogContent({ member, open, onOpenChange, returnFocus }: BlockMemberDialogProps) {
  const setBlocked = useSetBlocked();
  const pending = setBlocked.isPending;

  async function onConfirm() {
    // Awaited rather than given callbacks: the menu this dialog opened from may be gone by the time the block is read back.
    try {
      await setBlocked.mutateAsync({ memberId: member.id, blocked: true });
      onOpenChange(false);
      toast({ title: BLOCK_TEXTS.blocked(member.name) });
    } catch (error) {
      toast({ variant: 'destructive', title: 'Error', description: errorMessage(error, BLOCK_TEXTS.failure) });
    }
  }

  return (
    <Dialog open={open} onOpenChange={(next) => !pending && onOpenChange(next)}>
      <DialogContent
        role="alertdialog"
        onCloseAutoFocus={(event) => {
          if (!returnFocus?.current) return;
          event.preventDefault();
          returnFocus.current.focus();
        }}
      >
        <DialogHeader>
          <DialogTitle>{BLOCK_TEXTS.confirmTitle(member.name)}</DialogTitle>
          <DialogDescription>{BLOCK_TEXTS.confirmBody}</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)} disabled={pending}>
            Cancel
          </Button>
          <Button variant="destructive" onClick={() => void onConfirm()} disabled={pending}>
            {BLOCK_TEXTS.confirmAction}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
