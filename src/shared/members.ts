/** Members as other members meet them (decision 045): blocking, one definition for the API and the pages. */
import { z } from 'zod';
import { text, textId } from './input.js';
export * from './member-texts.js';

/** `{ id }` of a member in the path (account ids are random UUIDs kept as text). */
export const memberIdParamsSchema = z.object({ id: textId() });

/** A member someone blocked, as GET /api/blocks lists them. */
export const blockedMemberSchema = z.object({
  id: z.string(),
  username: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
  blockedAt: z.string(),
});
export type BlockedMember = z.infer<typeof blockedMemberSchema>;

/** GET /api/blocks: newest first, at most MAX_BLOCKS. */
export const blockListSchema = z.object({ users: z.array(blockedMemberSchema) });
export type BlockList = z.infer<typeof blockListSchema>;

/** GET /api/users/{username}/services: a page of the member's public listings. */
export const memberListingsQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(50).default(20),
  cursor: text().max(200).optional(),
});

/** `{ username }` in the path of a member's page and lists. */
export const usernameParamsSchema = z.object({ username: text().min(1).max(100) });

/**
 * GET /api/users/{username}: a member as others meet them (decision 049), never their email address. `response` is null
 * below RESPONSE_MIN_CONVERSATIONS conversations; `blockedByYou` is the reader's own block of them (false signed out).
 */
export const memberProfileSchema = z.object({
  id: z.string(),
  username: z.string(),
  firstName: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
  memberSince: z.string(),
  emailVerified: z.boolean(),
  activeListings: z.number().int(),
  completedJobs: z.number().int(),
  rating: z.object({ averageRating: z.number().nullable(), reviewCount: z.number().int() }),
  /** The reviews they received as a member, from the listing owners who helped them (decision 048). */
  memberRating: z.object({ averageRating: z.number().nullable(), reviewCount: z.number().int() }),
  response: z
    .object({
      conversations: z.number().int(),
      /** The share (0 to 1) answered within REPLY_WITHIN_HOURS. */
      repliedWithinDay: z.number(),
      /** The median time to the first reply, in minutes, over the answered ones (null if none was answered). */
      medianFirstReplyMinutes: z.number().int().nullable(),
    })
    .nullable(),
  blockedByYou: z.boolean(),
});
export type MemberProfile = z.infer<typeof memberProfileSchema>;
