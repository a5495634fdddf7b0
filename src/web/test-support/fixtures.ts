import { userSchema, type User } from '../../shared/auth.js';
import { categorySchema, serviceTypeSchema, type Category, type ServiceType } from '../../shared/catalogue.js';
import { serviceSchema, zipLookupSchema, type Service, type ZipLookup } from '../../shared/services.js';

/** API answers for web tests, parsed by the shared schemas so they keep the shapes the server sends. */

export function aUser(overrides: Partial<User> = {}): User {
  return userSchema.parse({
    id: 'member-1',
    username: 'neighbour',
    email: 'neighbour@example.com',
    firstName: null,
    lastName: null,
    profileImageUrl: null,
    createdAt: '2026-01-05T10:00:00.000Z',
    isBanned: false,
    termsAccepted: true,
    emailNotificationsEnabled: true,
    homeZip: null,
    isAdmin: false,
    emailVerified: true,
    pendingEmail: null,
    hasPassword: true,
    twoStepEnabled: false,
    ...overrides,
  });
}

export const TUTORING: Category = categorySchema.parse({ id: 1, slug: 'tutoring', name: 'Tutoring', color: '#4F46E5' });
export const PET_CARE: Category = categorySchema.parse({ id: 3, slug: 'pet', name: 'Pet Care', color: '#EA580C' });

export const SERVICE_TYPES: Record<number, ServiceType[]> = {
  [TUTORING.id]: serviceTypeSchema.array().parse([
    { id: 11, name: 'Math' },
    { id: 12, name: 'Science' },
  ]),
  [PET_CARE.id]: serviceTypeSchema.array().parse([
    { id: 31, name: 'Dog Walking' },
    { id: 32, name: 'Pet Sitting' },
  ]),
};

export const MONTCLAIR: ZipLookup = zipLookupSchema.parse({ zip: '07042', city: 'Montclair', state: 'NJ', latitude: 40.81, longitude: -74.21 });

export function aService(overrides: Partial<Service> = {}): Service {
  return serviceSchema.parse({
    id: 5,
    userId: 'owner-1',
    categoryId: PET_CARE.id,
    serviceTypeId: 31,
    title: 'Dog walking around the park',
    description: 'Two walks a day for friendly dogs of any size.',
    listingType: 'offer',
    category: PET_CARE,
    city: 'Montclair',
    state: 'NJ',
    zipCode: '07042',
    isVirtual: false,
    rate: 20,
    rateType: 'hourly',
    pricesVary: false,
    images: [],
    availability: ['sat', 'sun'],
    contactMethod: 'message',
    contactValue: 'Platform messaging',
    isActive: true,
    createdAt: '2026-02-01T09:00:00.000Z',
    updatedAt: '2026-02-01T09:00:00.000Z',
    deletedAt: null,
    expiresAt: '2026-04-02T09:00:00.000Z',
    expired: false,
    averageRating: null,
    reviewCount: 0,
    likeCount: 0,
    isLikedByUser: false,
    user: { id: 'owner-1', username: 'walker', firstName: null, email: null, profileImageUrl: null, memberSince: '2025-11-03T10:00:00.000Z', emailVerified: true },
    ...overrides,
  });
}
