import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '#shared/errors.js';
import { serialId } from '#shared/input.js';
import {
  COMPLETIONS_PER_HOUR,
  completeServiceSchema,
  completionSchema,
  createReviewSchema,
  ratingStatsSchema,
  reviewEligibilitySchema,
  reviewSchema,
  REVIEW_LIMIT_TEXTS,
  REVIEWS_PER_HOUR,
  reviewsQuerySchema,
} from '#shared/reviews.js';
import { RateLimit } from '../../lib/rate-limit.js';
import { requireUser } from '../../lib/viewer.js';
import type { ReviewsService } from './service.js';

const serviceParams = z.object({ serviceId: serialId() });
const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema };
const writeErrors = { ...errors, 429: apiErrorSchema };

export const reviewsRoutes: FastifyPluginAsyncZod<{ reviews: ReviewsService }> = async (app, { reviews }) => {
  // Every write has a budget (decision 075). One person's, like the other writes of an account, so not scaled by
  // RATE_LIMIT_SCALE (decision 015); only accepted writes count, and a repeated completion is one.
  const hour = 60 * 60;
  const completions = new RateLimit(
    { name: 'completions', points: COMPLETIONS_PER_HOUR, durationSeconds: hour },
    1,
    REVIEW_LIMIT_TEXTS.tooManyCompletions,
  );
  const listingReviews = new RateLimit(
    { name: 'reviews', points: REVIEWS_PER_HOUR, durationSeconds: hour },
    1,
    REVIEW_LIMIT_TEXTS.tooManyReviews,
  );

  app.post(
    '/api/services/:serviceId/complete',
    {
      config: { signedIn: true },
      schema: {
        params: serviceParams,
        body: completeServiceSchema,
        response: { 200: completionSchema, 201: completionSchema, ...writeErrors },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const complete = () => reviews.complete(user, request.params.serviceId, request.body);
      const { created, completion } = await completions.spendOnSuccess(user.id, complete);
      return reply.code(created ? 201 : 200).send(completion);
    },
  );

  app.get(
    '/api/services/:serviceId/review-eligibility',
    { config: { signedIn: true }, schema: { params: serviceParams, response: { 200: reviewEligibilitySchema, ...errors } } },
    async (request, reply) => {
      // The spec fetches it fresh every time; so must any cache in between.
      reply.header('cache-control', 'no-store');
      return reviews.eligibility(requireUser(request), request.params.serviceId);
    },
  );

  app.post(
    '/api/services/:serviceId/reviews',
    {
      config: { signedIn: true },
      schema: { params: serviceParams, body: createReviewSchema, response: { 201: reviewSchema, ...writeErrors } },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const create = () => reviews.create(user, request.params.serviceId, request.body);
      const review = await listingReviews.spendOnSuccess(user.id, create);
      return reply.code(201).send(review);
    },
  );

  app.get(
    '/api/services/:serviceId/reviews',
    { schema: { params: serviceParams, querystring: reviewsQuerySchema, response: { 200: z.array(reviewSchema), 400: apiErrorSchema, 404: apiErrorSchema } } },
    (request) => reviews.list(request.params.serviceId, request.query.limit),
  );

  app.get(
    '/api/services/:serviceId/rating-stats',
    { schema: { params: serviceParams, response: { 200: ratingStatsSchema, 400: apiErrorSchema, 404: apiErrorSchema } } },
    (request) => reviews.stats(request.params.serviceId),
  );
};
