import { useState } from 'react';
import { useCurrentUser } from '#web/core/session/index.js';
import { useReviewEligibility } from '../api/get-review-eligibility.js';
import { ReviewForm } from './review-form.js';
import { ReviewsList } from './reviews-list.js';
import { VerifyToReviewNotice } from './verify-to-review-notice.js';

/**
 * Below the listing's title in a conversation about it: the review form while the person may review
 * (the specification, §4: only when canReview is true), and the listing's reviews. Writing a review needs a confirmed
 * address (decision 022): until then the form's place says so.
 */
export function ConversationReviews({ serviceId }: { serviceId: number }) {
  const eligibility = useReviewEligibility(serviceId);
  const user = useCurrentUser().data;
  const [listOpen, setListOpen] = useState(false);
  return (
    <div className="grid gap-2">
      {eligibility.data?.canReview &&
        user &&
        (user.emailVerified ? (
          <ReviewForm target={{ kind: 'listing', serviceId }} completionId={eligibility.data.completionId} onReviewed={() => setListOpen(true)} />
        ) : (
          <VerifyToReviewNotice user={user} />
        ))}
      <ReviewsList serviceId={serviceId} open={listOpen} onOpenChange={setListOpen} />
    </div>
  );
}
