/**
 * A listing or a member page nobody may see, in people's words (decision 069), without a schema: the listing page
 * reads these, and a public page brings no zod (decision 068). The API's refusal is `unavailableListingSchema`.
 */

/**
 * Why a listing that exists cannot be seen, as the reader may be told: `deleted` (its owner deleted it while it was
 * public), `expired`, or `hidden` (paused, its owner suspended, or its owner blocked by the reader — never told apart,
 * so nobody learns of a suspension or a pause).
 */
export const UNAVAILABLE_REASONS = ['deleted', 'expired', 'hidden'] as const;

export type UnavailableReason = (typeof UNAVAILABLE_REASONS)[number];

/** What GET /api/services/{id} adds to its 404 for a listing that exists: why, and its category, for 'Browse similar listings'. */
export interface UnavailableListing {
  reason: UnavailableReason;
  category: { id: number; name: string; slug: string; color: string };
}

export const UNAVAILABLE_TEXTS = {
  /** The words, one per reason: the page's heading and title. */
  heading: {
    deleted: 'This listing was removed by its owner',
    expired: 'This listing has expired',
    hidden: 'This listing is no longer available',
  } satisfies Record<UnavailableReason, string>,
  similar: (category: string) => `You may find others like it in ${category}.`,
  browseSimilar: 'Browse similar listings',
  /** A member page of a member who is not shown: unknown, deleted or suspended, never told apart. */
  memberHeading: "This member's page is not available",
  memberBody: 'The account may have been closed. Their neighbours are still here.',
  browseListings: 'Browse listings',
} as const;

const isText = (value: unknown): value is string => typeof value === 'string';

/** The refusal's `unavailable` field, checked by hand (the browser's API client has no zod, decision 068). */
export function asUnavailableListing(value: unknown): UnavailableListing | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { reason, category } = value as Record<string, unknown>;
  if (!(UNAVAILABLE_REASONS as readonly unknown[]).includes(reason) || typeof category !== 'object' || category === null) return undefined;
  const { id, name, slug, color } = category as Record<string, unknown>;
  if (typeof id !== 'number' || !isText(name) || !isText(slug) || !isText(color)) return undefined;
  return { reason: reason as UnavailableReason, category: { id, name, slug, color } };
}
