import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '#server/config.js';
import type { AvatarService } from './avatar.js';
import { avatarRoutes } from './avatar-routes.js';
import type { DeletionService } from './deletion.js';
import { deletionRoutes } from './deletion-routes.js';

/** The profile picture and "Delete my account" (decision 014), wired in one registration. */
export const accountCareRoutes: FastifyPluginAsyncZod<{ config: Config; avatars: AvatarService; deletion: DeletionService }> = async (
  app,
  { config, avatars, deletion },
) => {
  await app.register(avatarRoutes, { config, avatars });
  await app.register(deletionRoutes, { config, deletion });
};
