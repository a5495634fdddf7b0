import type { UnavailableReason } from '#shared/unavailable-texts.js';
import { publicListing, services } from '../../db/schema.js';

/** What decides who may see and act on a listing. */
export interface ListingFacts {
  userId: string;
  deletedAt: Date | null;
  isActive: boolean;
  /** The owner is banned (carried on the listing's row, decision 033). */
  ownerBanned: boolean;
  /** Its time ran out and its owner has not renewed it (decision 051). */
  expired: boolean;
}

/**
 * The one listing access policy (decision 038): what a listing is to the person asking, as a reason each caller
 * maps to its own answer (a page 404s what a like 409s).
 * - `missing`: no such listing.
 * - `own`: the asker's own listing, in whatever state (`deleted` says whether it is deleted).
 * - `banned-owner`, `paused`, `expired`: hidden from everyone but the owner; `deleted` may also be true. An expired
 *   listing is hidden as a paused one is (decision 051): each caller answers it as it answers `paused`.
 * - `deleted`: it was public and has been deleted.
 * - `visible`: public, anyone may see it.
 * For others, being hidden outranks being deleted: nobody learns that a listing they could not see was deleted.
 */
export type ListingAccessReason = 'missing' | 'own' | 'banned-owner' | 'paused' | 'expired' | 'deleted' | 'visible';

export interface ListingAccess {
  reason: ListingAccessReason;
  deleted: boolean;
}

export function listingAccess(listing: ListingFacts | undefined, viewerId: string | null): ListingAccess {
  if (!listing) return { reason: 'missing', deleted: false };
  const deleted = listing.deletedAt !== null;
  if (viewerId !== null && listing.userId === viewerId) return { reason: 'own', deleted };
  if (listing.ownerBanned) return { reason: 'banned-owner', deleted };
  if (!listing.isActive) return { reason: 'paused', deleted };
  if (listing.expired) return { reason: 'expired', deleted };
  return { reason: deleted ? 'deleted' : 'visible', deleted };
}

/** Whoever asks may look at it: their own, or public. */
export const mayView = (access: ListingAccess) => access.reason === 'own' || access.reason === 'visible';

/**
 * What a listing's page tells a reader who may not see a listing that exists (decision 069): that its owner deleted
 * it, that it expired, or only that it is no longer available (paused, its owner suspended); undefined when they may
 * see it or it does not exist. Hidden outranks deleted here as everywhere.
 */
export function unavailableReason(access: ListingAccess): UnavailableReason | undefined {
  switch (access.reason) {
    case 'deleted':
      return 'deleted';
    case 'expired':
      return 'expired';
    case 'paused':
    case 'banned-owner':
      return 'hidden';
    default:
      return undefined;
  }
}

/** Others can see it, or could until it was deleted: a refusal may then say it was deleted. */
export const seenByOthers = (access: ListingAccess) => access.reason === 'visible' || access.reason === 'deleted';

/**
 * The same rule in SQL for lists, `visible` for a listing on its row alone: not deleted, not paused, not by a banned
 * person, not expired. Written as SQL constants, not as parameters: a prepared statement's generic plan can then use the partial
 * indexes of public listings, which have the same test.
 */
export const isPublicListing = publicListing(services);
