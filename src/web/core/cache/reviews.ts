import type { QueryClient } from '@tanstack/react-query';
import type { Completion } from '#shared/reviews.js';
import { messageKeys, patchCachedConversation } from './messages.js';

export const reviewKeys = {
  all: ['reviews'] as const,
  eligibility: (serviceId: number) => [...reviewKeys.all, serviceId, 'eligibility'] as const,
  list: (serviceId: number) => [...reviewKeys.all, serviceId, 'list'] as const,
  stats: (serviceId: number) => [...reviewKeys.all, serviceId, 'stats'] as const,
  /** Whether the signed-in person may review this member (decision 048: the listing's owner, after a job with them). */
  memberEligibility: (memberId: string) => [...reviewKeys.all, 'member', memberId, 'eligibility'] as const,
};

/**
 * A completion or a review changes eligibility, the reviews and the rating stats, so they are read again; so is whether
 * the owner may now review the other member (a completion makes them eligible).
 */
export async function invalidateReviewQueries(queryClient: QueryClient, serviceId: number): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: [...reviewKeys.all, serviceId] }),
    queryClient.invalidateQueries({ queryKey: [...reviewKeys.all, 'member'] }),
  ]);
}

/**
 * A job marked complete, by this tab or (through the live event, decision 071) by the other person: the conversation
 * says 'Completed' at once, and its review prompt, the listing's and the owner's review of the member, is asked for again.
 */
export async function showCompletion(queryClient: QueryClient, completion: Completion): Promise<void> {
  patchCachedConversation(queryClient, completion.conversationId, (c) =>
    c.service && c.service.completedAt === null ? { ...c, service: { ...c.service, completedAt: completion.createdAt } } : c,
  );
  await Promise.all([
    invalidateReviewQueries(queryClient, completion.serviceId),
    queryClient.invalidateQueries({ queryKey: messageKeys.conversations, exact: true }),
  ]);
}
