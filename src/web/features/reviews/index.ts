/**
 * The parts of a conversation's service strip (completing the job, the prompts to review the listing and the other
 * member, which open one review dialog, and the listing's reviews); the listing page's reviews; one review as the
 * member page lists it.
 */
export { CompleteButton } from './components/complete-button.js';
export { ConversationReviews } from './components/conversation-reviews.js';
export { MemberReviewButton } from './components/member-review-button.js';
export { ReviewItem, ReviewsList } from './components/reviews-list.js';
