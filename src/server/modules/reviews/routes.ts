import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '#shared/errors.js';
import { serialId } from '#shared/input.js';
import {
  completeServiceSchema,
  completionSchema,
  createReviewSchema,
  ratingStatsSchema,
  reviewEligibilitySchema,
  reviewSchema,
  reviewsQuerySchema,
} from '#shared/reviews.js';
import { requireUser } from '../../lib/viewer.js';
import type { ReviewsService } from './service.js';

const serviceParams = z.object({ serviceId: serialId() });
const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema };

export const reviewsRoutes: FastifyPluginAsyncZod<{ reviews: ReviewsService }> = async (app, { reviews }) => {
  app.post(
    '/api/services/:serviceId/complete',
    { config: { signedIn: true }, schema: { params: serviceParams, body: completeServiceSchema, response: { 200: completionSchema, 201: completionSchema, ...errors } } },
    async (request, reply) => {
      const { created, completion } = await reviews.complete(requireUser(request), request.params.serviceId, request.body);
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
    { config: { signedIn: true }, schema: { params: serviceParams, body: createReviewSchema, response: { 201: reviewSchema, ...errors } } },
    async (request, reply) => reply.code(201).send(await reviews.create(requireUser(request), request.params.serviceId, request.body)),
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
