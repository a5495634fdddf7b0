import { useState } from 'react';
import { useReviewEligibility } from '../api/get-review-eligibility.js';
import { ReviewForm } from './review-form.js';
import { ReviewsList } from './reviews-list.js';

/**
 * Below the listing's title in a conversation about it: the review form while the person may review
 * (spec section 4: only when canReview is true), and the listing's reviews.
 */
export function ConversationReviews({ serviceId }: { serviceId: number }) {
  const eligibility = useReviewEligibility(serviceId);
  const [listOpen, setListOpen] = useState(false);
  return (
    <div className="grid gap-2">
      {eligibility.data?.canReview && (
        <ReviewForm serviceId={serviceId} completionId={eligibility.data.completionId} onReviewed={() => setListOpen(true)} />
      )}
      <ReviewsList serviceId={serviceId} open={listOpen} onOpenChange={setListOpen} />
    </div>
  );
}
