import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userSchema } from '#shared/auth.js';
import { apiErrorSchema } from '#shared/errors.js';
import type { Config } from '#server/config.js';
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

  app.put('/api/auth/avatar', { config: { signedIn: true }, schema: { consumes: ['multipart/form-data'], response: { 200: userSchema, ...errors } } }, async (request) => {
    const user = requireAccount(request);
    await uploadsPerUser.consume(user.id);
    const { bytes, name } = await readImageUpload(request);
    return presentUser(await avatars.replace(user, bytes, name), config.ADMIN_EMAILS);
  });

  app.delete('/api/auth/avatar', { config: { signedIn: true }, schema: { response: { 200: userSchema, ...errors } } }, async (request) =>
    presentUser(await avatars.remove(requireAccount(request)), config.ADMIN_EMAILS),
  );
};
