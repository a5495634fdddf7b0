import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AVATAR_REMOVALS_PER_HOUR, PROFILE_LIMIT_TEXTS, userSchema } from '#shared/auth.js';
import { apiErrorSchema } from '#shared/errors.js';
import type { Config } from '#server/config.js';
import { RateLimit } from '../../../lib/rate-limit.js';
import { requireAccount } from '../identity/plugin.js';
import { presentUser } from '../identity/presenter.js';
import { IMAGE_MULTIPART, readImageUpload, uploadLimit } from '../../images/index.js';
import type { AvatarService } from './avatar.js';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 413: apiErrorSchema, 429: apiErrorSchema };

/** PUT /api/auth/avatar (multipart, one `file` field, like POST /api/images) and DELETE /api/auth/avatar: both answer the User. */
export const avatarRoutes: FastifyPluginAsyncZod<{ config: Config; avatars: AvatarService }> = async (app, { config, avatars }) => {
  // Encapsulated in this plugin: only the upload route parses multipart bodies.
  await app.register(multipart, IMAGE_MULTIPART);
  const uploadsPerUser = uploadLimit(config.RATE_LIMIT_SCALE);
  // A removal is a write too (decision 075): one person's budget, only accepted ones counted, not scaled (decision 015).
  const removals = new RateLimit(
    { name: 'avatar-removals', points: AVATAR_REMOVALS_PER_HOUR, durationSeconds: 60 * 60 },
    1,
    PROFILE_LIMIT_TEXTS.tooManyPictureRemovals,
  );

  app.put('/api/auth/avatar', { config: { signedIn: true }, schema: { consumes: ['multipart/form-data'], response: { 200: userSchema, ...errors } } }, async (request) => {
    const user = requireAccount(request);
    await uploadsPerUser.consume(user.id);
    const { bytes, name } = await readImageUpload(request);
    return presentUser(await avatars.replace(user, bytes, name), config.ADMIN_EMAILS);
  });

  app.delete('/api/auth/avatar', { config: { signedIn: true }, schema: { response: { 200: userSchema, ...errors } } }, async (request) => {
    const user = requireAccount(request);
    return presentUser(await removals.spendOnSuccess(user.id, () => avatars.remove(user)), config.ADMIN_EMAILS);
  });
};
