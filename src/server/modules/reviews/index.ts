/** Completions, reviews and the rating counters. The only file imported from outside this module (decision 034). */
export { createReviewsRepository } from './repository.js';
export { reviewsRoutes } from './routes.js';
export { createReviewsService } from './service.js';
