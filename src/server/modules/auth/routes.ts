import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  emailNotificationsSchema,
  loginSchema,
  registerSchema,
  safeReturnTo,
  termsAcceptanceSchema,
  usernameUpdateSchema,
  userSchema,
} from '../../../shared/auth.js';
import { apiErrorSchema } from '../../../shared/errors.js';
import type { Config } from '../../config.js';
import { RateLimit } from '../../lib/rate-limit.js';
import { clearSessionCookie, requireUser, setSessionCookie } from './plugin.js';
import { presentUser } from './presenter.js';
import type { UserRow } from './repository.js';
import type { AuthService } from './service.js';
import type { SessionStore } from './sessions.js';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 409: apiErrorSchema, 429: apiErrorSchema };

export const authRoutes: FastifyPluginAsyncZod<{ config: Config; auth: AuthService; sessions: SessionStore }> = async (app, opts) => {
  const { config, auth, sessions } = opts;
  const scale = config.RATE_LIMIT_SCALE;
  const signInPerIp = new RateLimit({ points: 10, durationSeconds: 60 }, scale);
  const signInPerAccount = new RateLimit({ points: 25, durationSeconds: 60 * 60 }, scale);
  const signUpPerIp = new RateLimit({ points: 5, durationSeconds: 30 * 60 }, scale);
  const present = (row: UserRow) => presentUser(row, config.ADMIN_EMAILS);

  /** Sign-in always starts a fresh session: a session id known before sign-in is never promoted. */
  async function startSession(request: FastifyRequest, reply: FastifyReply, userId: string) {
    if (request.session) await sessions.destroy(request.session.id);
    setSessionCookie(reply, await sessions.create(userId), config);
  }

  app.get('/api/login', { schema: { querystring: z.object({ returnTo: z.string().optional() }) } }, async (request, reply) => {
    const returnTo = safeReturnTo(request.query.returnTo);
    return reply.redirect(returnTo === '/' ? '/login' : `/login?returnTo=${encodeURIComponent(returnTo)}`);
  });

  async function logout(request: FastifyRequest, reply: FastifyReply) {
    if (request.session) await sessions.destroy(request.session.id);
    clearSessionCookie(reply, config);
    return reply.redirect('/');
  }
  app.get('/api/logout', (request, reply) => logout(request, reply));
  app.post('/api/logout', { config: { allowBeforeTerms: true } }, (request, reply) => logout(request, reply));

  app.post(
    '/api/auth/register',
    { config: { allowBeforeTerms: true }, schema: { body: registerSchema, response: { 201: userSchema, ...errors } } },
    async (request, reply) => {
      await signUpPerIp.consume(request.ip);
      const user = await auth.register(request.body);
      await startSession(request, reply, user.id);
      return reply.code(201).send(present(user));
    },
  );

  app.post(
    '/api/auth/login',
    { config: { allowBeforeTerms: true }, schema: { body: loginSchema, response: { 200: userSchema, ...errors } } },
    async (request, reply) => {
      const accountKey = request.body.email.toLowerCase();
      await signInPerIp.consume(request.ip);
      await signInPerAccount.consume(accountKey);
      const user = await auth.authenticate(request.body);
      await signInPerAccount.reset(accountKey);
      await startSession(request, reply, user.id);
      return present(user);
    },
  );

  app.get('/api/auth/user', { schema: { response: { 200: userSchema, 401: apiErrorSchema } } }, async (request) =>
    present(requireUser(request)),
  );

  app.patch('/api/auth/username', { config: { signedIn: true }, schema: { body: usernameUpdateSchema, response: { 200: userSchema, ...errors } } }, async (request) =>
    present(await auth.changeUsername(requireUser(request).id, request.body.username)),
  );

  app.patch(
    '/api/auth/email-notifications',
    { config: { signedIn: true }, schema: { body: emailNotificationsSchema, response: { 200: userSchema, ...errors } } },
    async (request) => present(await auth.update(requireUser(request).id, request.body)),
  );

  app.patch(
    '/api/auth/terms-acceptance',
    { config: { allowBeforeTerms: true, signedIn: true }, schema: { body: termsAcceptanceSchema, response: { 200: userSchema, ...errors } } },
    async (request) => present(await auth.update(requireUser(request).id, { termsAccepted: true })),
  );
};
