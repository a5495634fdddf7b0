import { useRef, useState } from 'react';
import { CircleCheck } from '#web/components/icons/index.js';
import { REVIEW_TEXTS } from '#shared/review-texts.js';
import { Button } from '#web/components/ui/button.js';
import { toast } from '#web/components/ui/use-toast.js';
import { ApiError, errorMessage } from '#web/lib/api.js';
import { onDemand } from '#web/lib/on-demand.js';
import { useCompleteService } from '../api/complete-service.js';

interface CompleteButtonProps {
  serviceId: number;
  conversationId: number;
  completed: boolean;
  /** The listing's owner gets the completion without the invitation to review (they never review their own). */
  isOwner: boolean;
}

// Loaded when 'Mark as Complete' is first pressed (decision 068).
const confirmDialog = onDemand(() => import('./complete-confirm-dialog.js'));

/**
 * The specification (§2): 'Mark as Complete', a disabled 'Completed' afterwards (also after a reload: the conversation
 * knows). It asks 'Mark this job as complete?' first (decision 068): a completion opens reviews and is never undone.
 */
export function CompleteButton({ serviceId, conversationId, completed, isOwner }: CompleteButtonProps) {
  const complete = useCompleteService();
  const [asking, setAsking] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  if (completed) {
    return (
      <Button size="sm" variant="secondary" disabled>
        <CircleCheck aria-hidden="true" />
        {REVIEW_TEXTS.completedButton}
      </Button>
    );
  }
  function onConfirm() {
    complete.mutate(
      { serviceId, conversationId },
      {
        onSuccess: () => {
          setAsking(false);
          toast({ title: REVIEW_TEXTS.completedTitle, description: isOwner ? REVIEW_TEXTS.completedOwnerBody : REVIEW_TEXTS.completedBody });
        },
        // A refusal the person can act on (the owner has not answered yet: decision 022) is said as the server says it.
        onError: (error) => {
          setAsking(false);
          toast({
            variant: 'destructive',
            title: REVIEW_TEXTS.completeFailureTitle,
            description: error instanceof ApiError && error.status === 409 ? errorMessage(error, REVIEW_TEXTS.completeFailure) : REVIEW_TEXTS.completeFailure,
          });
        },
      },
    );
  }

  return (
    <>
      <Button
        ref={button}
        size="sm"
        aria-haspopup="dialog"
        disabled={complete.isPending}
        onClick={() => {
          setAsking(true);
          void confirmDialog.preload().catch(() => setAsking(false));
        }}
      >
        <CircleCheck aria-hidden="true" />
        {complete.isPending ? 'Marking...' : REVIEW_TEXTS.completeButton}
      </Button>
      {asking && <confirmDialog.Part pending={complete.isPending} onConfirm={onConfirm} onClose={() => setAsking(false)} returnFocusTo={button} />}
    </>
  );
}
