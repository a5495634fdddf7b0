/**
 * Pausing and resuming a listing (decision 070): the words the owner's menu, the listing page's owner panel and the
 * API share, apart from the request's schema (listing-active.ts), which a page that only shows listings does not load
 * (decision 068).
 */
export const LISTING_ACTIVE_TEXTS = {
  pause: 'Pause',
  resume: 'Resume',
  paused: 'Listing paused',
  pausedDescription: 'Only you can see it until you resume it.',
  resumed: 'Listing resumed',
  resumedDescription: 'It shows in the listings again.',
  pauseFailed: 'Failed to pause the listing. Please try again.',
  resumeFailed: 'Failed to resume the listing. Please try again.',
  deleted: 'This service has been deleted. Restore it before pausing or resuming it.',
  expiredResume: 'This listing has expired. Renew it to show it again.',
  yourListing: 'This is your listing',
} as const;
