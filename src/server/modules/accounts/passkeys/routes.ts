import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { userSchema } from '#shared/auth.js';
import { apiErrorSchema } from '#shared/errors.js';
import {
  authenticationOptionsSchema,
  PASSKEY_CHANGES_PER_HOUR,
  PASSKEY_TEXTS,
  passkeyAuthenticateSchema,
  passkeyIdParamsSchema,
  passkeyListSchema,
  passkeyRegistrationOptionsBodySchema,
  passkeySchema,
  registerPasskeySchema,
  registrationOptionsSchema,
  renamePasskeySchema,
} from '#shared/passkeys.js';
import type { Config } from '#server/config.js';
import { clientAddress } from '#server/lib/client-address.js';
import { RateLimit } from '#server/lib/rate-limit.js';
import type { PasskeyService } from './service.js';
import { requireAccount, startSession } from '../identity/plugin.js';
import { assertLocalAccounts } from '../identity/local-accounts.js';
import { presentUser } from '../identity/presenter.js';
import { assertRecentSignIn, type RecentSignInDeps } from '../password/recent-sign-in.js';
import type { SessionStore } from '../identity/sessions.js';
import type { Enrolment } from '../two-step/enrolment.js';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema, 429: apiErrorSchema };
const noContent = z.null().describe('No content');
/** Registration challenges a member may ask for in an hour (each is a row until it is used or swept). */
const REGISTRATION_OPTIONS_PER_HOUR = 30;
/** Sign-in challenges per client address per minute: nobody is signed in, and each is a row until swept. */
const SIGN_IN_OPTIONS_PER_MINUTE = 30;
/** Passkey sign-ins per client address per minute, as the password sign-in's budget. */
const SIGN_INS_PER_MINUTE = 10;

/**
 * Passkeys under /api/auth/passkeys (decision 055): a signed-in member's passkeys (added after a recent
 * sign-in, listed, renamed, removed) and sign-in with one, which starts the session as password sign-in does.
 */
export const passkeyRoutes: FastifyPluginAsyncZod<{ config: Config; passkeys: PasskeyService; sessions: SessionStore; recent: RecentSignInDeps; enrolment: Enrolment }> = async (
  app,
  opts,
) => {
  const { config, passkeys, sessions, recent: recentSignIn, enrolment } = opts;
  const scale = config.RATE_LIMIT_SCALE;
  // One person's budget, not an address's: not scaled by RATE_LIMIT_SCALE (decision 015).
  const registrationOptions = new RateLimit({ name: 'passkey-registration-options', points: REGISTRATION_OPTIONS_PER_HOUR, durationSeconds: 60 * 60 }, 1, PASSKEY_TEXTS.tooManyChanges);
  const changes = new RateLimit({ name: 'passkey-changes', points: PASSKEY_CHANGES_PER_HOUR, durationSeconds: 60 * 60 }, 1, PASSKEY_TEXTS.tooManyChanges);
  const signInOptions = new RateLimit({ name: 'passkey-sign-in-options', points: SIGN_IN_OPTIONS_PER_MINUTE, durationSeconds: 60 }, scale);
  const signIns = new RateLimit({ name: 'passkey-sign-in', points: SIGN_INS_PER_MINUTE, durationSeconds: 60 }, scale);
  // With LOCAL_ACCOUNTS=0 adding a passkey and signing in with one are refused (`assertLocalAccounts`): a passkey would
  // be a way around the provider (an account it closed could still sign in here). Listing, renaming, removing stay open.

  app.get('/api/auth/passkeys', { config: { signedIn: true }, schema: { response: { 200: passkeyListSchema, ...errors } } }, async (request) => ({
    passkeys: await passkeys.list(requireAccount(request).id),
  }));

  app.post(
    '/api/auth/passkeys/registration-options',
    { config: { signedIn: true }, schema: { body: passkeyRegistrationOptionsBodySchema, response: { 200: registrationOptionsSchema, ...errors } } },
    async (request) => {
      assertLocalAccounts(config);
      const account = requireAccount(request);
      await assertRecentSignIn(request, recentSignIn, request.body?.password);
      await enrolment.assertMayEnrol(request, account);
      await registrationOptions.consume(account.id);
      return passkeys.registrationOptions(account);
    },
  );

  app.post(
    '/api/auth/passkeys',
    { config: { signedIn: true }, schema: { body: registerPasskeySchema, response: { 201: passkeySchema, ...errors } } },
    async (request, reply) => {
      assertLocalAccounts(config);
      const account = requireAccount(request);
      // The recent sign-in was checked when the challenge was made: it is bound to this member and lives 5 minutes.
      const passkey = await changes.spendOnSuccess(account.id, () => passkeys.register(account, request.body));
      return reply.code(201).send(passkey);
    },
  );

  app.patch(
    '/api/auth/passkeys/:id',
    { config: { signedIn: true }, schema: { params: passkeyIdParamsSchema, body: renamePasskeySchema, response: { 200: passkeySchema, ...errors } } },
    async (request) => {
      const { id } = requireAccount(request);
      // Changing how the account signs in: a recent sign-in (decision 061).
      await assertRecentSignIn(request, recentSignIn);
      return changes.spendOnSuccess(id, () => passkeys.rename(id, request.params.id, request.body.name));
    },
  );

  app.delete(
    '/api/auth/passkeys/:id',
    { config: { signedIn: true }, schema: { params: passkeyIdParamsSchema, response: { 204: noContent, ...errors } } },
    async (request, reply) => {
      const { id } = requireAccount(request);
      await assertRecentSignIn(request, recentSignIn);
      await changes.spendOnSuccess(id, () => passkeys.remove(id, request.params.id));
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/auth/passkeys/authentication-options',
    { config: { allowBeforeTerms: true }, schema: { response: { 200: authenticationOptionsSchema, ...errors } } },
    async (request) => {
      assertLocalAccounts(config);
      await signInOptions.consume(clientAddress(request));
      return passkeys.authenticationOptions();
    },
  );

  app.post(
    '/api/auth/passkeys/authenticate',
    { config: { allowBeforeTerms: true }, schema: { body: passkeyAuthenticateSchema, response: { 200: userSchema, ...errors } } },
    async (request, reply) => {
      assertLocalAccounts(config);
      await signIns.consume(clientAddress(request));
      const { user, userVerified } = await passkeys.authenticate(request.body);
      // A passkey is both steps at once: no second factor is asked, even with two-step sign-in on (decision 055); one
      // that verified the person (a PIN, a fingerprint) counts as a second factor for REQUIRE_ADMIN_2FA (decision 061).
      await startSession(request, reply, { sessions, config, userId: user.id, method: 'passkey', secondFactor: userVerified });
      return presentUser(user, config.ADMIN_EMAILS);
    },
  );
};
