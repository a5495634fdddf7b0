import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '#shared/errors.js';
import { authenticationOptionsSchema, passkeyAuthenticateSchema } from '#shared/passkeys.js';
import { recentSignInAnswerSchema, recentSignInSchema, SECOND_FACTOR_WINDOW_MINUTES } from '#shared/two-step.js';
import { RateLimit } from '#server/lib/rate-limit.js';
import { requireAccount } from '../identity/plugin.js';
import type { PasskeyService } from '../passkeys/service.js';
import { assertRecentSignIn, markReauthenticated, recentUntil, type RecentSignInDeps } from './recent-sign-in.js';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 429: apiErrorSchema };

/**
 * Proving oneself again in a session (decision 061): the password, or one of the account's passkeys, makes the
 * session's sign-in recent for the next `RECENT_SIGN_IN_MINUTES`, for the changes that ask for one and carry no
 * password of their own (renaming or removing a passkey, signing sessions out, turning two-step sign-in off).
 */
export const recentSignInRoutes: FastifyPluginAsyncZod<{ passkeys: PasskeyService; recent: RecentSignInDeps }> = async (app, { passkeys, recent }) => {
  // One person's budgets (decision 015): a stored challenge each, and the passkey answers checked.
  const passkeyOptions = new RateLimit({ name: 'recent-sign-in-passkey-options', points: 10, durationSeconds: SECOND_FACTOR_WINDOW_MINUTES * 60 });
  const passkeyTries = new RateLimit({ name: 'recent-sign-in-passkey', points: 10, durationSeconds: SECOND_FACTOR_WINDOW_MINUTES * 60 });

  app.post(
    '/api/auth/recent-sign-in',
    { config: { signedIn: true, allowBeforeTerms: true }, schema: { body: recentSignInSchema, response: { 200: recentSignInAnswerSchema, ...errors } } },
    async (request) => {
      requireAccount(request);
      // The password is checked and counted as on the sign-in page; when right, it marks the session.
      await assertRecentSignIn(request, recent, request.body.password);
      return { recentUntil: ((await recentUntil(request, recent)) ?? new Date()).toISOString() };
    },
  );

  app.post(
    '/api/auth/recent-sign-in/passkey-options',
    { config: { signedIn: true, allowBeforeTerms: true }, schema: { response: { 200: authenticationOptionsSchema, ...errors } } },
    async (request) => {
      const account = requireAccount(request);
      await passkeyOptions.consume(account.id);
      return passkeys.secondStepOptions(account.id);
    },
  );

  app.post(
    '/api/auth/recent-sign-in/passkey',
    { config: { signedIn: true, allowBeforeTerms: true }, schema: { body: passkeyAuthenticateSchema, response: { 200: recentSignInAnswerSchema, ...errors } } },
    async (request) => {
      const account = requireAccount(request);
      await passkeyTries.consume(account.id);
      // A challenge made for this member, signed by a passkey of theirs (the same check as a sign-in's second step).
      await passkeys.verifySecondStep(account.id, request.body);
      await passkeyTries.reset(account.id);
      return { recentUntil: (await markReauthenticated(request, recent)).toISOString() };
    },
  );
};
