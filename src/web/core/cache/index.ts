/**
 * The query cache's shared vocabulary: the keys of the listing, conversation, review and member page queries and the helpers that
 * patch or invalidate them. Several features refresh each other's caches (a review refreshes the listings, a completion
 * a conversation, a new avatar both), so the keys live here, in the core layer, rather than in the feature that reads
 * them; that keeps the feature graph free of loops. It imports no feature. A feature's own cache helpers stay in it.
 */
export { invalidateMemberQueries, memberKeys } from './members.js';
export { messageKeys, patchCachedConversation } from './messages.js';
export { invalidateReviewQueries, reviewKeys, showCompletion } from './reviews.js';
export { invalidateServiceQueries, patchCachedService, serviceKeys, type ServiceFilters } from './services.js';
