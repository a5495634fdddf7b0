import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { Controller, useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { REVIEW_TEXT_MAX, REVIEW_TEXTS } from '#shared/review-texts.js';
import { reviewFormSchema } from '#shared/reviews.js';
import { refreshCurrentUser } from '#web/core/session/index.js';
import { Button } from '#web/components/ui/button.js';
import { CountedTextarea } from '#web/components/ui/counted-textarea.js';
import { toast } from '#web/components/ui/use-toast.js';
import { ApiError, errorMessage } from '#web/lib/api.js';
import { useCreateReview } from '../api/create-review.js';
import { useCreateMemberReview } from '../api/member-reviews.js';
import { StarRatingInput } from './star-rating-input.js';

type ReviewFormInput = z.input<typeof reviewFormSchema>;
type ReviewFormOutput = z.output<typeof reviewFormSchema>;

const EMPTY: ReviewFormInput = { rating: 0, reviewText: '' };

/** What is reviewed: a listing, by the person it helped; or a member, by the owner of the listing they dealt with (decision 048). */
export type ReviewTarget = { kind: 'listing'; serviceId: number } | { kind: 'member'; memberId: string };

interface ReviewFormProps {
  target: ReviewTarget;
  /** From the eligibility answer; null would be a bug upstream, and the spec names its toast. */
  completionId: number | null;
  onReviewed?: () => void;
}

/** The specification (§2 and §5): 1 to 5 stars (required) and an optional text of at most 1,000 characters with a live counter. */
export function ReviewForm({ target, completionId, onReviewed }: ReviewFormProps) {
  const listingReview = useCreateReview();
  const memberReview = useCreateMemberReview();
  const createReview = target.kind === 'member' ? memberReview : listingReview;
  const queryClient = useQueryClient();
  const form = useForm<ReviewFormInput, unknown, ReviewFormOutput>({ resolver: zodResolver(reviewFormSchema), defaultValues: EMPTY });
  const text = useWatch({ control: form.control, name: 'reviewText' });
  const length = typeof text === 'string' ? text.length : 0;

  const fail = (description: string) => toast({ variant: 'destructive', title: REVIEW_TEXTS.reviewFailureTitle, description });

  function onSubmit({ rating, reviewText }: ReviewFormOutput) {
    if (completionId === null) return fail(REVIEW_TEXTS.missingCompletion);
    const callbacks = {
      onSuccess: () => {
        toast({ title: REVIEW_TEXTS.submittedTitle, description: REVIEW_TEXTS.submittedBody });
        form.reset(EMPTY);
        onReviewed?.();
      },
      onError: (error: unknown) => {
        fail(errorMessage(error, REVIEW_TEXTS.reviewFailure));
        // The address changed (or was never confirmed) in another tab: reading the account again swaps the form for the notice.
        if (error instanceof ApiError && error.code === 'email_not_verified') void refreshCurrentUser(queryClient);
      },
    };
    if (target.kind === 'listing') listingReview.mutate({ serviceId: target.serviceId, rating, reviewText, serviceCompletionId: completionId }, callbacks);
    else memberReview.mutate({ memberId: target.memberId, rating, reviewText, completionId }, callbacks);
  }

  function onInvalid(errors: Partial<Record<keyof ReviewFormInput, unknown>>) {
    if (errors.rating) toast({ variant: 'destructive', title: REVIEW_TEXTS.ratingRequiredTitle, description: REVIEW_TEXTS.ratingRequired });
  }

  const tooLong = form.formState.errors.reviewText?.message;

  return (
    <form onSubmit={(event) => void form.handleSubmit(onSubmit, onInvalid)(event)} noValidate aria-label="Leave a review" className="grid gap-4">
      <Controller
        control={form.control}
        name="rating"
        render={({ field }) => (
          <StarRatingInput
            name={field.name}
            value={typeof field.value === 'number' ? field.value : 0}
            onChange={field.onChange}
            legend="How was it?"
            disabled={createReview.isPending}
          />
        )}
      />
      {/* Both sides review in this one order (decision 071): the stars, the words under them, and the button last. */}
      <CountedTextarea
        label="Review (optional)"
        length={length}
        limit={REVIEW_TEXT_MAX}
        error={tooLong}
        className="gap-1.5"
        rows={4}
        placeholder="What went well? Would you recommend them to a neighbour?"
        disabled={createReview.isPending}
        {...form.register('reviewText')}
      />
      <Button type="submit" disabled={createReview.isPending} className="w-full sm:w-auto sm:justify-self-end">
        {createReview.isPending ? 'Submitting...' : 'Submit Review'}
      </Button>
    </form>
  );
}
