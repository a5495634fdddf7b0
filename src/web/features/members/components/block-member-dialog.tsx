import { useEffect, type RefObject } from 'react';
import { onDemand } from '#web/lib/on-demand.js';

// The dialog loads the first time it opens (decision 068).
const blockMemberDialog = onDemand(() => import('./block-member-dialog-content.js'));

export interface BlockMemberDialogProps {
  member: { id: string; name: string };
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Where the focus goes when the dialog closes: it opens from a menu item that is gone by then. */
  returnFocus?: RefObject<HTMLElement | null>;
}

/** Asks before blocking a member, says what a block does, and blocks. */
export function BlockMemberDialog(props: BlockMemberDialogProps) {
  const { open, onOpenChange } = props;
  useEffect(() => {
    if (open) void blockMemberDialog.preload().catch(() => onOpenChange(false));
  }, [open, onOpenChange]);
  return open ? <blockMemberDialog.Part {...props} /> : null;
}
