import { useState } from 'react';
import { Star } from '#web/components/icons/index.js';
import { MEMBER_REVIEW_TEXTS } from '#shared/review-texts.js';
import { useCurrentUser } from '#web/core/session/index.js';
import { Button } from '#web/components/ui/button.js';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from '#web/components/ui/dialog.js';
import { useMemberReviewEligibility } from '../api/member-reviews.js';
import { ReviewForm } from './review-form.js';
import { VerifyToReviewNotice } from './verify-to-review-notice.js';

interface MemberReviewButtonProps {
  member: { id: string; username: string };
  /** Asked only where it can be yes: the listing's owner, in a conversation whose job is complete. */
  enabled: boolean;
}

/**
 * Reviews both ways (decision 048): in a completed job's conversation, the listing's owner reviews the neighbour they
 * dealt with, once, from 'Review {username}'. Nothing shows until the server says they may.
 */
export function MemberReviewButton({ member, enabled }: MemberReviewButtonProps) {
  const eligibility = useMemberReviewEligibility(member.id, { enabled });
  const user = useCurrentUser().data;
  const [open, setOpen] = useState(false);
  if (!enabled || !eligibility.data?.canReview || !user) return null;
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button size="sm" variant="outline" className="w-fit">
          <Star aria-hidden="true" />
          {MEMBER_REVIEW_TEXTS.reviewMember(member.username)}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{MEMBER_REVIEW_TEXTS.dialogTitle(member.username)}</DialogTitle>
          <DialogDescription>{MEMBER_REVIEW_TEXTS.dialogDescription}</DialogDescription>
        </DialogHeader>
        {user.emailVerified ? (
          <ReviewForm target={{ kind: 'member', memberId: member.id }} completionId={eligibility.data.completionId} onReviewed={() => setOpen(false)} />
        ) : (
          <VerifyToReviewNotice user={user} />
        )}
      </DialogContent>
    </Dialog>
  );
}
