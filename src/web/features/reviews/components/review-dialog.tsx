import { useState } from 'react';
import { Star } from '#web/components/icons/index.js';
import { useCurrentUser } from '#web/core/session/index.js';
import { Button } from '#web/components/ui/button.js';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from '#web/components/ui/dialog.js';
import { ReviewForm, type ReviewTarget } from './review-form.js';
import { VerifyToReviewNotice } from './verify-to-review-notice.js';

interface ReviewDialogProps {
  target: ReviewTarget;
  /** From the eligibility answer that made this prompt show. */
  completionId: number | null;
  /** The prompt in the conversation: 'Leave a review', or the owner's 'Review {username}'. */
  prompt: string;
  title: string;
  description: string;
  onReviewed?: () => void;
}

/**
 * The one way to review from a conversation (decision 071), for both sides of a job: the neighbour reviewing the
 * listing and its owner reviewing the neighbour (decision 048) each press their prompt and get this dialog — the stars,
 * the text box under them, the submit button last. Someone who has not confirmed an address yet finds the way to do
 * so in the form's place (decision 022).
 */
export function ReviewDialog({ target, completionId, prompt, title, description, onReviewed }: ReviewDialogProps) {
  const user = useCurrentUser().data;
  const [open, setOpen] = useState(false);
  if (!user) return null;
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button size="sm" variant="outline" className="w-fit">
          <Star aria-hidden="true" />
          {prompt}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {user.emailVerified ? (
          <ReviewForm
            target={target}
            completionId={completionId}
            onReviewed={() => {
              setOpen(false);
              onReviewed?.();
            }}
          />
        ) : (
          <VerifyToReviewNotice user={user} />
        )}
      </DialogContent>
    </Dialog>
  );
}
