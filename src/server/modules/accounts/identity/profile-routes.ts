import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  emailNotificationsSchema,
  HOME_ZIP_CHANGES_PER_HOUR,
  HOME_ZIP_TEXTS,
  homeZipSchema,
  PROFILE_LIMIT_TEXTS,
  SETTINGS_CHANGES_PER_HOUR,
  termsAcceptanceSchema,
  USERNAME_CHANGES_PER_HOUR,
  usernameUpdateSchema,
  userSchema,
} from '#shared/auth.js';
import { apiErrorSchema } from '#shared/errors.js';
import type { Config } from '#server/config.js';
import { RateLimit } from '#server/lib/rate-limit.js';
import { requireAccount } from './plugin.js';
import { presentUser } from './presenter.js';
import type { ProfileService } from './profile.js';
import type { UserRow } from './repository.js';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 409: apiErrorSchema, 429: apiErrorSchema };

/** The signed-in person's own account: the User they are answered, and what they change of it on the profile. */
export const profileRoutes: FastifyPluginAsyncZod<{ config: Config; profile: ProfileService }> = async (app, { config, profile }) => {
  // One person's budget, not an address's: not scaled by RATE_LIMIT_SCALE (decision 015).
  const homeZipChanges = new RateLimit({ name: 'home-zip', points: HOME_ZIP_CHANGES_PER_HOUR, durationSeconds: 60 * 60 }, 1, HOME_ZIP_TEXTS.tooMany);
  // The other writes of the profile get budgets of their own too (decision 075): a username frees the old name for
  // someone else and moves the member's page, so renames are counted apart from the settings' switches.
  const usernameChanges = new RateLimit(
    { name: 'username-changes', points: USERNAME_CHANGES_PER_HOUR, durationSeconds: 60 * 60 },
    1,
    PROFILE_LIMIT_TEXTS.tooManyUsernames,
  );
  const settingsChanges = new RateLimit(
    { name: 'settings-changes', points: SETTINGS_CHANGES_PER_HOUR, durationSeconds: 60 * 60 },
    1,
    PROFILE_LIMIT_TEXTS.tooManySettings,
  );
  const present = (row: UserRow) => presentUser(row, config.ADMIN_EMAILS);

  app.get('/api/auth/user', { schema: { response: { 200: userSchema, 401: apiErrorSchema } } }, async (request) =>
    presentUser(requireAccount(request), config.ADMIN_EMAILS, request.session!),
  );

  app.patch(
    '/api/auth/username',
    { config: { signedIn: true }, schema: { body: usernameUpdateSchema, response: { 200: userSchema, ...errors } } },
    async (request) => {
      const { id } = requireAccount(request);
      return present(await usernameChanges.spendOnSuccess(id, () => profile.changeUsername(id, request.body.username)));
    },
  );

  app.patch(
    '/api/auth/email-notifications',
    { config: { signedIn: true }, schema: { body: emailNotificationsSchema, response: { 200: userSchema, ...errors } } },
    async (request) => {
      const { id } = requireAccount(request);
      return present(await settingsChanges.spendOnSuccess(id, () => profile.update(id, request.body)));
    },
  );

  // The ZIP code browse starts near; null forgets it (decision 052). Only accepted changes count.
  app.patch('/api/auth/home-zip', { config: { signedIn: true }, schema: { body: homeZipSchema, response: { 200: userSchema, ...errors } } }, async (request) => {
    const { id } = requireAccount(request);
    return present(await homeZipChanges.spendOnSuccess(id, () => profile.setHomeZip(id, request.body.zipCode)));
  });

  app.patch(
    '/api/auth/terms-acceptance',
    { config: { allowBeforeTerms: true, signedIn: true }, schema: { body: termsAcceptanceSchema, response: { 200: userSchema, ...errors } } },
    async (request) => {
      const { id } = requireAccount(request);
      return present(await settingsChanges.spendOnSuccess(id, () => profile.update(id, { termsAccepted: true })));
    },
  );
};
