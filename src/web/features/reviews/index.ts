/** The parts of a conversation's service strip (completing the job, the review form and the listing's reviews); the listing page's reviews. */
export { CompleteButton } from './components/complete-button.js';
export { ConversationReviews } from './components/conversation-reviews.js';
export { ReviewsList } from './components/reviews-list.js';
