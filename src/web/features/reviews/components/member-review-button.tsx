import { MEMBER_REVIEW_TEXTS } from '#shared/review-texts.js';
import { useMemberReviewEligibility } from '../api/member-reviews.js';
import { ReviewDialog } from './review-dialog.js';

interface MemberReviewButtonProps {
  member: { id: string; username: string };
  /** Asked only where it can be yes: the listing's owner, in a conversation whose job is complete. */
  enabled: boolean;
}

/**
 * Reviews both ways (decision 048): in a completed job's conversation, the listing's owner reviews the neighbour they
 * dealt with, once, from 'Review {username}', in the dialog the neighbour reviews the listing with (decision 071).
 * Nothing shows until the server says they may.
 */
export function MemberReviewButton({ member, enabled }: MemberReviewButtonProps) {
  const eligibility = useMemberReviewEligibility(member.id, { enabled });
  if (!enabled || !eligibility.data?.canReview) return null;
  return (
    <ReviewDialog
      target={{ kind: 'member', memberId: member.id }}
      completionId={eligibility.data.completionId}
      prompt={MEMBER_REVIEW_TEXTS.reviewMember(member.username)}
      title={MEMBER_REVIEW_TEXTS.dialogTitle(member.username)}
      description={MEMBER_REVIEW_TEXTS.dialogDescription}
    />
  );
}
