import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '#shared/errors.js';
import { SIGN_IN_METHODS, sessionIdParamsSchema, sessionListSchema, signedOutOthersSchema, TWO_STEP_TEXTS, type SessionInfo, type SignInMethod } from '#shared/two-step.js';
import { notFound } from '#server/lib/errors.js';
import { RateLimit } from '#server/lib/rate-limit.js';
import { describeUserAgent } from './devices.js';
import { requireAccount } from '../identity/plugin.js';
import type { SessionStore } from '../identity/sessions.js';
import { assertRecentSignIn, type RecentSignInDeps } from '../password/recent-sign-in.js';

/**
 * 'Where you are signed in' (decision 054): the member's sessions, named by their public id (never the
 * stored id, the hash of the cookie), each ended through the session store so its live streams close too.
 */

const noContent = z.null().describe('No content');
const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 429: apiErrorSchema };
const isMethod = (value: string | null): value is SignInMethod => value !== null && (SIGN_IN_METHODS as readonly string[]).includes(value);

export const sessionListRoutes: FastifyPluginAsyncZod<{ sessions: SessionStore; recent: RecentSignInDeps }> = async (app, { sessions, recent }) => {
  // One person's budget (decision 015): sign-outs of their own sessions.
  const revocations = new RateLimit({ name: 'session-revocations', points: 60, durationSeconds: 60 * 60 });

  app.get('/api/auth/sessions', { config: { signedIn: true }, schema: { response: { 200: sessionListSchema, ...errors } } }, async (request) => {
    const { id: userId } = requireAccount(request);
    const currentId = request.session!.id;
    const rows = await sessions.list(userId);
    return {
      sessions: rows.map(
        (row): SessionInfo => ({
          id: row.publicId,
          ...describeUserAgent(row.userAgent),
          createdAt: row.createdAt.toISOString(),
          lastSeenAt: row.lastSeenAt.toISOString(),
          current: row.id === currentId,
          method: isMethod(row.signInMethod) ? row.signInMethod : null,
          secondFactor: row.secondFactor,
        }),
      ),
    };
  });

  app.delete(
    '/api/auth/sessions/:id',
    { config: { signedIn: true, allowBeforeTerms: true }, schema: { params: sessionIdParamsSchema, response: { 204: noContent, ...errors } } },
    async (request, reply) => {
      const { id: userId } = requireAccount(request);
      await revocations.consume(userId);
      // Signing sessions out changes who is signed in: a recent sign-in, so a stolen old session cannot evict the owner (decision 061).
      await assertRecentSignIn(request, recent);
      if (!(await sessions.destroyOwn(userId, request.params.id))) throw notFound(TWO_STEP_TEXTS.sessionNotFound);
      return reply.code(204).send(null);
    },
  );

  app.delete(
    '/api/auth/sessions',
    { config: { signedIn: true, allowBeforeTerms: true }, schema: { response: { 200: signedOutOthersSchema, ...errors } } },
    async (request) => {
      const { id: userId } = requireAccount(request);
      await revocations.consume(userId);
      await assertRecentSignIn(request, recent);
      return { signedOut: await sessions.destroyOthers(userId, request.session!.id) };
    },
  );
};
