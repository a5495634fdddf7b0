import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '#shared/errors.js';
import {
  BLOCK_CHANGES_PER_HOUR,
  BLOCK_TEXTS,
  blockListSchema,
  memberIdParamsSchema,
  memberListingsQuerySchema,
  memberProfileSchema,
  usernameParamsSchema,
} from '#shared/members.js';
import {
  createMemberReviewSchema,
  MEMBER_REVIEW_TEXTS,
  MEMBER_REVIEWS_PER_HOUR,
  memberReviewSchema,
  receivedReviewsPageSchema,
  receivedReviewsQuerySchema,
  reviewEligibilitySchema,
} from '#shared/reviews.js';
import { browseResultSchema } from '#shared/services.js';
import { JsonText } from '../../lib/serializer.js';
import { RateLimit } from '../../lib/rate-limit.js';
import { requireUser } from '../../lib/viewer.js';
import type { MembersService } from './service.js';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema, 429: apiErrorSchema };
const noContent = z.null().describe('No content');

export const membersRoutes: FastifyPluginAsyncZod<{ members: MembersService }> = async (app, { members }) => {
  // Per person, like the other writes of an account (decision 015): only accepted changes count.
  const changes = new RateLimit({ name: 'member-blocks', points: BLOCK_CHANGES_PER_HOUR, durationSeconds: 60 * 60 }, 1, BLOCK_TEXTS.tooManyChanges);
  const memberReviews = new RateLimit({ name: 'member-reviews', points: MEMBER_REVIEWS_PER_HOUR, durationSeconds: 60 * 60 }, 1, MEMBER_REVIEW_TEXTS.tooMany);

  app.post(
    '/api/users/:id/block',
    { config: { signedIn: true }, schema: { params: memberIdParamsSchema, response: { 204: noContent, ...errors } } },
    async (request, reply) => {
      const viewer = requireUser(request);
      await changes.spendOnSuccess(viewer.id, () => members.block(viewer, request.params.id));
      return reply.code(204).send(null);
    },
  );

  app.delete(
    '/api/users/:id/block',
    { config: { signedIn: true }, schema: { params: memberIdParamsSchema, response: { 204: noContent, ...errors } } },
    async (request, reply) => {
      const viewer = requireUser(request);
      await changes.spendOnSuccess(viewer.id, () => members.unblock(viewer, request.params.id));
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/api/users/:id/review-eligibility',
    { config: { signedIn: true }, schema: { params: memberIdParamsSchema, response: { 200: reviewEligibilitySchema, ...errors } } },
    async (request, reply) => {
      // Asked again each time the conversation strip shows; no cache in between may answer for it.
      reply.header('cache-control', 'no-store');
      return members.reviewEligibility(requireUser(request), request.params.id);
    },
  );

  app.post(
    '/api/users/:id/reviews',
    { config: { signedIn: true }, schema: { params: memberIdParamsSchema, body: createMemberReviewSchema, response: { 201: memberReviewSchema, ...errors } } },
    async (request, reply) => {
      const viewer = requireUser(request);
      const review = await memberReviews.spendOnSuccess(viewer.id, () => members.review(viewer, request.params.id, request.body));
      return reply.code(201).send(review);
    },
  );

  app.get(
    '/api/users/:username',
    { schema: { params: usernameParamsSchema, response: { 200: memberProfileSchema, 400: apiErrorSchema, 404: apiErrorSchema } } },
    (request) => members.profile(request.params.username, request.session?.user ?? null),
  );

  app.get(
    '/api/users/:username/services',
    { schema: { params: usernameParamsSchema, querystring: memberListingsQuerySchema, response: { 200: browseResultSchema, 400: apiErrorSchema, 404: apiErrorSchema } } },
    async (request, reply) => reply.send(new JsonText(await members.listingsJson(request.params.username, request.query, request.session?.user ?? null)) as never),
  );

  app.get(
    '/api/users/:username/reviews',
    { schema: { params: usernameParamsSchema, querystring: receivedReviewsQuerySchema, response: { 200: receivedReviewsPageSchema, 400: apiErrorSchema, 404: apiErrorSchema } } },
    (request) => members.reviewsOf(request.params.username, request.query),
  );

  app.get('/api/blocks', { config: { signedIn: true }, schema: { response: { 200: blockListSchema, 401: apiErrorSchema, 403: apiErrorSchema } } }, (request) =>
    members.list(requireUser(request)),
  );
};
