import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import type { Outbox } from '../mail/index.js';
import { type AvatarImages, createAvatarService } from './avatar.js';
import { avatarRoutes } from './avatar-routes.js';
import { createDeletionService, type DeletionImages, type DeletionListings, type DeletionSessions } from './deletion.js';
import { deletionRoutes } from './deletion-routes.js';

/** The profile picture and "Delete my account" (issue 8, decision 014), wired in one registration. */
export const accountCareRoutes: FastifyPluginAsyncZod<{
  config: Config;
  db: Db;
  images: AvatarImages & DeletionImages;
  mail: Outbox;
  listings: DeletionListings;
  sessions: DeletionSessions;
}> = async (app, { config, db, images, mail, listings, sessions }) => {
  await app.register(avatarRoutes, { config, avatars: createAvatarService({ db, images }) });
  const deletion = createDeletionService({ db, images, mail, listings, sessions, adminEmails: config.ADMIN_EMAILS, rateLimitScale: config.RATE_LIMIT_SCALE });
  await app.register(deletionRoutes, { config, deletion });
};
