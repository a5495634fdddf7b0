/** Blocking and the member page's limits and texts (decisions 045, 049), without their schemas: what a page shows needs no zod, which only its forms bring (decision 068). */

/** The most members one person may block: the list is answered whole, and a browse page filters by it. */
export const MAX_BLOCKS = 1000;

/** Blocks and unblocks a person may make in an hour (every write has a rate limit). */
export const BLOCK_CHANGES_PER_HOUR = 60;

export const BLOCK_TEXTS = {
  /** Decision 045, word for word: what each side reads when a block stands between them. */
  youBlocked: 'You blocked this member. Unblock them to send a message.',
  cannotMessage: "You can't message this member.",
  cannotBlockSelf: 'You cannot block yourself',
  cannotBlockAdministrator: 'You cannot block an administrator',
  memberNotFound: 'Member not found',
  tooManyBlocks: `You can block at most ${MAX_BLOCKS.toLocaleString('en-US')} members. Unblock someone first.`,
  tooManyChanges: 'Too many blocks and unblocks. Please try again later.',
  // The browser's words.
  block: 'Block',
  unblock: 'Unblock',
  confirmTitle: (username: string) => `Block ${username}?`,
  confirmBody: "They won't be able to message you, and you won't see their listings. They are not told.",
  confirmAction: 'Block member',
  blocked: (username: string) => `${username} is blocked`,
  unblocked: (username: string) => `${username} is unblocked`,
  failure: 'Something went wrong. Please try again.',
  sectionTitle: 'Blocked members',
  sectionEmpty: "You haven't blocked anyone.",
  sectionHelp: "Blocked members can't message you, and you don't see their listings.",
} as const;

/**
 * Between the person asking and another member: `by_you` when they blocked the other, `by_them` when the other
 * blocked them (both may hold; `by_you` is then said), null when no block stands. The conversation's composer reads it.
 */
export const BLOCK_STATES = ['by_you', 'by_them'] as const;

export type BlockState = (typeof BLOCK_STATES)[number] | null;

/** The response figure counts conversations others started in this window… */
export const RESPONSE_WINDOW_DAYS = 90;

/** …answered within this many hours… */
export const REPLY_WITHIN_HOURS = 24;

/** …and is shown only from this many such conversations up (decision 045). */
export const RESPONSE_MIN_CONVERSATIONS = 3;

/** The member page's words (decision 049), shared with the tests that read them. */
export const MEMBER_PAGE_TEXTS = {
  emailVerified: 'Email verified',
  memberSince: (day: string) => `Member since ${day}`,
  listingsTitle: 'Listings',
  listingsEmpty: (username: string) => `${username} has no listings right now.`,
  listingsHiddenWhileBlocked: (username: string) => `You blocked ${username}, so their listings are hidden from you.`,
  reviewsTitle: 'Reviews',
  reviewsOfListings: 'Of their listings',
  reviewsAsNeighbour: 'As a neighbour',
  reviewsOfListingsEmpty: (username: string) => `Nobody has reviewed ${username}'s listings yet.`,
  reviewsAsNeighbourEmpty: (username: string) => `No neighbour has reviewed ${username} yet.`,
  responseTitle: 'Replies',
  responseTooFew: 'Not enough conversations yet to tell',
  /** `share` from 0 to 1: the share of new conversations answered within a day. */
  responseShare: (share: number) => `Replies within a day to ${Math.round(share * 100)}% of new conversations`,
  responseMedian: (duration: string) => `Usually replies within ${duration}`,
  yourPage: 'This is your page as your neighbours see it.',
  editProfile: 'Edit your profile',
  viewYourPage: 'View your member page',
  notFoundTitle: 'Member not found',
} as const;

/** A median reply time in words: minutes under an hour, hours under two days, else days. */
export function replyDuration(minutes: number): string {
  const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;
  if (minutes < 60) return plural(Math.max(1, Math.round(minutes)), 'minute');
  const hours = Math.round(minutes / 60);
  if (hours < 48) return plural(hours, 'hour');
  return plural(Math.round(hours / 24), 'day');
}
