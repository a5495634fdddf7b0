import { useState } from 'react';
import { REVIEW_TEXTS } from '#shared/review-texts.js';
import { useReviewEligibility } from '../api/get-review-eligibility.js';
import { ReviewDialog } from './review-dialog.js';
import { ReviewsList } from './reviews-list.js';

/**
 * Below the listing's title in a conversation about it: the prompt to review the listing while the person may
 * (the specification, §4: only when canReview is true), which opens the review form in the dialog both sides review
 * in (decision 071), and the listing's reviews, opened once the person has added theirs.
 */
export function ConversationReviews({ serviceId, title }: { serviceId: number; title: string }) {
  const eligibility = useReviewEligibility(serviceId);
  const [listOpen, setListOpen] = useState(false);
  return (
    <div className="grid gap-2">
      {eligibility.data?.canReview && (
        <ReviewDialog
          target={{ kind: 'listing', serviceId }}
          completionId={eligibility.data.completionId}
          prompt={REVIEW_TEXTS.reviewListingButton}
          title={REVIEW_TEXTS.reviewListingTitle(title)}
          description={REVIEW_TEXTS.reviewListingDescription}
          onReviewed={() => setListOpen(true)}
        />
      )}
      <ReviewsList serviceId={serviceId} open={listOpen} onOpenChange={setListOpen} />
    </div>
  );
}
