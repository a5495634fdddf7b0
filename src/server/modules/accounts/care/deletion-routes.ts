import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ACCOUNT_MESSAGES, accountNoticeSchema, deleteAccountSchema } from '#shared/account.js';
import { apiErrorSchema } from '#shared/errors.js';
import type { Config } from '#server/config.js';
import { clearSessionCookie, requireAccount } from '../identity/plugin.js';
import { reauthenticatedUntil } from '../oidc/reauth.js';
import type { DeletionService } from './deletion.js';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 429: apiErrorSchema };

/**
 * DELETE /api/auth/account with `{ password }`, or `{ confirmation: 'DELETE' }` within minutes of a fresh sign-in at
 * the provider (GET /api/auth/reauthenticate): answers a sentence and signs the person out.
 */
export const deletionRoutes: FastifyPluginAsyncZod<{ config: Config; deletion: DeletionService }> = async (app, { config, deletion }) => {
  app.delete(
    '/api/auth/account',
    // Before the terms too: someone who will not accept them must still be able to leave. No body reads as an empty one.
    { config: { signedIn: true, allowBeforeTerms: true }, schema: { body: deleteAccountSchema.nullish(), response: { 200: accountNoticeSchema, ...errors } } },
    async (request, reply) => {
      await deletion.deleteAccount(requireAccount(request), request.body ?? {}, reauthenticatedUntil(request.session?.oidcIdToken) !== null);
      clearSessionCookie(reply, config);
      return { message: ACCOUNT_MESSAGES.accountDeleted };
    },
  );
};
