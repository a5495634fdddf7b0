/**
 * The parts of a conversation's service strip (completing the job, the review form, the listing's reviews and the owner's
 * review of the other member); the listing page's reviews; one review as the member page lists it.
 */
export { CompleteButton } from './components/complete-button.js';
export { ConversationReviews } from './components/conversation-reviews.js';
export { MemberReviewButton } from './components/member-review-button.js';
export { ReviewItem, ReviewsList } from './components/reviews-list.js';
