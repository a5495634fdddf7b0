import type { Service } from '#shared/services.js';
import { CONTACT_METHOD, CONTACT_VALUE } from '#shared/services.js';
import { averageOf } from '#shared/reviews.js';
import { imageUrl } from '../images/index.js';
import type { ListingRecord } from './repository.js';

/**
 * The Service of the specification (§3). The owner's email is shown to the owner only: neighbours
 * reach each other through messages, so an address on a public listing would only feed spam.
 */
export function presentService(record: ListingRecord, viewerId: string | null): Service {
  const { service: s, category, owner } = record;
  return {
    id: s.id,
    userId: s.userId,
    categoryId: s.categoryId,
    serviceTypeId: s.serviceTypeId,
    title: s.title,
    description: s.description,
    listingType: s.listingType,
    category,
    city: s.city,
    state: s.state,
    zipCode: s.zipCode,
    isVirtual: s.isVirtual,
    rate: s.rateCents === null ? null : s.rateCents / 100,
    rateType: s.rateType,
    pricesVary: s.pricesVary,
    images: record.imageIds.map(imageUrl),
    availability: s.availability as Service['availability'],
    contactMethod: CONTACT_METHOD,
    contactValue: CONTACT_VALUE,
    isActive: s.isActive,
    createdAt: s.createdAt.toISOString(),
    updatedAt: s.updatedAt.toISOString(),
    deletedAt: s.deletedAt?.toISOString() ?? null,
    expiresAt: s.expiresAt?.toISOString() ?? null,
    expired: s.expired,
    averageRating: averageOf(s.ratingSum, s.reviewCount),
    reviewCount: s.reviewCount,
    likeCount: s.likeCount,
    isLikedByUser: Boolean(record.isLiked),
    user: {
      id: owner.id,
      username: owner.username,
      firstName: owner.firstName,
      email: viewerId === owner.id ? owner.email : null,
      profileImageUrl: owner.profileImageUrl,
      memberSince: owner.createdAt.toISOString(),
      emailVerified: owner.emailVerified,
    },
  };
}
