import { BLOCK_TEXTS } from '#shared/member-texts.js';
import { Button, type ButtonProps } from '#web/components/ui/button.js';
import { toast } from '#web/components/ui/use-toast.js';
import { errorMessage } from '#web/lib/api.js';
import { useSetBlocked } from '../api/blocks.js';

/** Unblocks at once (nothing to confirm: it takes nothing away), and says so. */
export function UnblockButton({ member, ...props }: { member: { id: string; name: string } } & Omit<ButtonProps, 'onClick'>) {
  const setBlocked = useSetBlocked();
  return (
    <Button
      variant="outline"
      size="sm"
      {...props}
      disabled={setBlocked.isPending}
      // Awaited rather than given callbacks: this button is gone once the unblock is read back.
      onClick={() =>
        void setBlocked.mutateAsync({ memberId: member.id, blocked: false }).then(
          () => toast({ title: BLOCK_TEXTS.unblocked(member.name) }),
          (error: unknown) => toast({ variant: 'destructive', title: 'Error', description: errorMessage(error, BLOCK_TEXTS.failure) }),
        )
      }
    >
      {BLOCK_TEXTS.unblock}
      <span className="sr-only"> {member.name}</span>
    </Button>
  );
}
