import type { RefObject } from 'react';
import { REVIEW_TEXTS } from '#shared/review-texts.js';
import { Button } from '#web/components/ui/button.js';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '#web/components/ui/dialog.js';

interface CompleteConfirmDialogProps {
  pending: boolean;
  onConfirm: () => void;
  onClose: () => void;
  /** 'Mark as Complete': focus goes back to it when the dialog closes without completing. */
  returnFocusTo: RefObject<HTMLElement | null>;
}

/** 'Mark this job as complete?' (decision 068), loaded when 'Mark as Complete' is first pressed. */
export default function CompleteConfirmDialog({ pending, onConfirm, onClose, returnFocusTo }: CompleteConfirmDialogProps) {
  return (
    <Dialog open onOpenChange={(open) => !open && !pending && onClose()}>
      <DialogContent
        role="alertdialog"
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          returnFocusTo.current?.focus();
        }}
      >
        <DialogHeader>
          <DialogTitle>{REVIEW_TEXTS.completeConfirmTitle}</DialogTitle>
          <DialogDescription>{REVIEW_TEXTS.completeConfirmBody}</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" onClick={onClose} disabled={pending}>
            {REVIEW_TEXTS.completeConfirmCancel}
          </Button>
          <Button onClick={onConfirm} disabled={pending}>
            {pending ? 'Marking...' : REVIEW_TEXTS.completeButton}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
