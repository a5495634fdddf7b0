import { CircleCheck } from '#web/components/icons/index.js';
import { REVIEW_TEXTS } from '#shared/review-texts.js';
import { Button } from '#web/components/ui/button.js';
import { toast } from '#web/components/ui/use-toast.js';
import { ApiError, errorMessage } from '#web/lib/api.js';
import { useCompleteService } from '../api/complete-service.js';

interface CompleteButtonProps {
  serviceId: number;
  conversationId: number;
  completed: boolean;
  /** The listing's owner gets the completion without the invitation to review (they never review their own). */
  isOwner: boolean;
}

/** The specification (§2): 'Mark as Complete', a disabled 'Completed' afterwards (also after a reload: the conversation knows). */
export function CompleteButton({ serviceId, conversationId, completed, isOwner }: CompleteButtonProps) {
  const complete = useCompleteService();
  if (completed) {
    return (
      <Button size="sm" variant="secondary" disabled>
        <CircleCheck aria-hidden="true" />
        {REVIEW_TEXTS.completedButton}
      </Button>
    );
  }
  return (
    <Button
      size="sm"
      disabled={complete.isPending}
      onClick={() =>
        complete.mutate(
          { serviceId, conversationId },
          {
            onSuccess: () =>
              toast({ title: REVIEW_TEXTS.completedTitle, description: isOwner ? REVIEW_TEXTS.completedOwnerBody : REVIEW_TEXTS.completedBody }),
            // A refusal the person can act on (the owner has not answered yet: decision 022) is said as the server says it.
            onError: (error) =>
              toast({
                variant: 'destructive',
                title: REVIEW_TEXTS.completeFailureTitle,
                description: error instanceof ApiError && error.status === 409 ? errorMessage(error, REVIEW_TEXTS.completeFailure) : REVIEW_TEXTS.completeFailure,
              }),
          },
        )
      }
    >
      <CircleCheck aria-hidden="true" />
      {complete.isPending ? 'Marking...' : REVIEW_TEXTS.completeButton}
    </Button>
  );
}
