import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  accountNoticeSchema,
  ACCOUNT_MESSAGES,
  changeEmailSchema,
  changePasswordSchema,
  emailVerifiedSchema,
  forgotPasswordSchema,
  resetPasswordSchema,
  verifyEmailSchema,
} from '#shared/account.js';
import { userSchema } from '#shared/auth.js';
import { secondFactorRequiredSchema } from '#shared/two-step.js';
import { apiErrorSchema } from '#shared/errors.js';
import type { Config } from '#server/config.js';
import { clientAddress } from '#server/lib/client-address.js';
import { requireAccount, startSession } from '../identity/plugin.js';
import { assertLocalAccounts } from '../identity/local-accounts.js';
import { presentUser } from '../identity/presenter.js';
import { reauthenticatedUntil } from '../oidc/reauth.js';
import type { SessionStore } from '../identity/sessions.js';
import type { AccountService } from './account-service.js';
import type { TwoStep } from '../two-step/service.js';
import { beginSecondStep } from '../two-step/routes.js';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 409: apiErrorSchema, 429: apiErrorSchema };

/** Account care under /api/auth (decision 014): the emailed links and the changes a signed-in person makes. */
export const accountRoutes: FastifyPluginAsyncZod<{ config: Config; account: AccountService; sessions: SessionStore; twoStep: Pick<TwoStep, 'secondStepsOf'> }> = async (
  app,
  opts,
) => {
  const { config, account, sessions, twoStep } = opts;

  app.post(
    '/api/auth/verify-email',
    { config: { allowBeforeTerms: true }, schema: { body: verifyEmailSchema, response: { 200: emailVerifiedSchema, ...errors } } },
    async (request) => account.verifyEmail(request.body.token),
  );

  app.post(
    '/api/auth/resend-verification',
    { config: { signedIn: true, allowBeforeTerms: true }, schema: { response: { 202: accountNoticeSchema, ...errors } } },
    async (request, reply) => reply.code(202).send(await account.resendVerification(requireAccount(request))),
  );

  app.post(
    '/api/auth/forgot-password',
    { config: { allowBeforeTerms: true }, schema: { body: forgotPasswordSchema, response: { 202: accountNoticeSchema, ...errors } } },
    async (request, reply) => {
      assertLocalAccounts(config);
      await account.forgotPassword(request.body.email, clientAddress(request));
      return reply.code(202).send({ message: ACCOUNT_MESSAGES.forgotPasswordSent });
    },
  );

  app.post(
    '/api/auth/reset-password',
    // A reset does not turn two-step sign-in off (decision 054): the emailed link stands for the password, the code is still asked.
    { config: { allowBeforeTerms: true }, schema: { body: resetPasswordSchema, response: { 200: z.union([userSchema, secondFactorRequiredSchema]), ...errors } } },
    async (request, reply) => {
      assertLocalAccounts(config);
      const user = await account.resetPassword(request.body.token, request.body.password);
      const methods = await twoStep.secondStepsOf(user);
      if (methods.length > 0) return beginSecondStep(reply, config, sessions, user.id, methods);
      await startSession(request, reply, { sessions, config, userId: user.id, method: 'password' });
      return presentUser(user, config.ADMIN_EMAILS);
    },
  );

  app.post(
    '/api/auth/change-password',
    { config: { signedIn: true }, schema: { body: changePasswordSchema, response: { 200: userSchema, ...errors } } },
    async (request) => {
      const user = await account.changePassword(requireAccount(request), request.session!.id, request.body);
      return presentUser(user, config.ADMIN_EMAILS);
    },
  );

  app.post(
    '/api/auth/change-email',
    { config: { signedIn: true }, schema: { body: changeEmailSchema, response: { 202: userSchema, ...errors } } },
    async (request, reply) => {
      const reauthenticated = reauthenticatedUntil(request.session?.oidcIdToken) !== null;
      const user = await account.changeEmail(requireAccount(request), request.body, reauthenticated);
      return reply.code(202).send(presentUser(user, config.ADMIN_EMAILS, request.session!));
    },
  );
};
