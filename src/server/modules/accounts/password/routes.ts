import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { loginSchema, registerSchema, userSchema } from '#shared/auth.js';
import { apiErrorSchema } from '#shared/errors.js';
import { secondFactorRequiredSchema } from '#shared/two-step.js';
import type { Config } from '#server/config.js';
import { clientAddress } from '#server/lib/client-address.js';
import { RateLimit } from '#server/lib/rate-limit.js';
import { startSession } from '../identity/plugin.js';
import { assertLocalAccounts } from '../identity/local-accounts.js';
import { presentUser } from '../identity/presenter.js';
import type { SessionStore } from '../identity/sessions.js';
import { beginSecondStep } from '../two-step/routes.js';
import type { TwoStep } from '../two-step/service.js';
import type { PasswordService } from './service.js';
import type { SignInLimits } from './sign-in-limits.js';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 409: apiErrorSchema, 429: apiErrorSchema };

/** Sign-up and sign-in with an email and a password (decision 003); `signInLimits` is shared with the recent sign-in's password. */
export const passwordRoutes: FastifyPluginAsyncZod<{
  config: Config;
  password: PasswordService;
  sessions: SessionStore;
  twoStep: Pick<TwoStep, 'secondStepsOf'>;
  signInLimits: SignInLimits;
}> = async (app, opts) => {
  const { config, password, sessions, twoStep, signInLimits } = opts;
  const scale = config.RATE_LIMIT_SCALE;
  const signInPerIp = new RateLimit({ name: 'sign-in', points: 10, durationSeconds: 60 }, scale);
  const signUpPerIp = new RateLimit({ name: 'sign-up', points: 5, durationSeconds: 30 * 60 }, scale);

  app.post(
    '/api/auth/register',
    { config: { allowBeforeTerms: true }, schema: { body: registerSchema, response: { 201: userSchema, ...errors } } },
    async (request, reply) => {
      assertLocalAccounts(config);
      await signUpPerIp.consume(clientAddress(request));
      const user = await password.register(request.body);
      await startSession(request, reply, { sessions, config, userId: user.id, method: 'sign_up' });
      return reply.code(201).send(presentUser(user, config.ADMIN_EMAILS));
    },
  );

  app.post(
    '/api/auth/login',
    // With two-step sign-in on, the right password answers { secondFactorRequired: true, methods } and no session (decisions 054 and 061).
    { config: { allowBeforeTerms: true }, schema: { body: loginSchema, response: { 200: z.union([userSchema, secondFactorRequiredSchema]), ...errors } } },
    async (request, reply) => {
      assertLocalAccounts(config);
      const address = clientAddress(request);
      await signInPerIp.consume(address);
      await signInLimits.attempt(request.body.email, address);
      const user = await password.authenticate(request.body);
      await signInLimits.succeeded(request.body.email, address);
      const methods = await twoStep.secondStepsOf(user);
      if (methods.length > 0) return beginSecondStep(reply, config, sessions, user.id, methods);
      await startSession(request, reply, { sessions, config, userId: user.id, method: 'password' });
      return presentUser(user, config.ADMIN_EMAILS);
    },
  );
};
