import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountNoticeSchema } from '#shared/account.js';
import { userSchema } from '#shared/auth.js';
import { authenticationOptionsSchema, passkeyAuthenticateSchema } from '#shared/passkeys.js';
import { apiErrorSchema } from '#shared/errors.js';
import { MESSAGES } from '#shared/texts.js';
import {
  enrolmentOpenAnswerSchema,
  enrolmentOpenSchema,
  recoveryCodesSchema,
  type SecondFactorRequired,
  type SecondStepMethod,
  SECOND_FACTOR_ACCOUNT_TRIES_PER_HOUR,
  SECOND_FACTOR_TRIES,
  SECOND_FACTOR_WINDOW_MINUTES,
  secondFactorSchema,
  totpDisableSchema,
  totpEnableSchema,
  totpSetupAnswerSchema,
  totpSetupSchema,
  TWO_STEP_PAGE_TEXTS,
  TWO_STEP_TEXTS,
} from '#shared/two-step.js';
import type { Config } from '#server/config.js';
import { clientAddress } from '#server/lib/client-address.js';
import { badRequest, conflict, forbidden, HttpError, unauthorized } from '#server/lib/errors.js';
import { RateLimit } from '#server/lib/rate-limit.js';
import { hostCookieName, hostCookieOptions } from '../identity/cookies.js';
import { requireAccount, startSession } from '../identity/plugin.js';
import { presentUser } from '../identity/presenter.js';
import { assertRecentSignIn, type RecentSignInDeps } from '../password/recent-sign-in.js';
import { createAuthRepository } from '../identity/repository.js';
import { PENDING_SIGN_IN_MS, type PendingFirstStep, type SessionStore } from '../identity/sessions.js';
import type { PasskeyService } from '../passkeys/service.js';
import type { Enrolment } from './enrolment.js';
import type { FailedStepWarning } from './failed-steps.js';
import type { TwoStep } from './service.js';

/**
 * Two-step sign-in (decision 054): setting it up, turning it on and off, and the second step of a sign-in.
 * The first step (the right password, at POST /api/auth/login or a password reset) leaves no session: only a pending
 * sign-in kept on the server for 5 minutes, named by a signed, HttpOnly cookie, which POST
 * /api/auth/login/second-factor reads. It works once, and a new password or a reset ends it (decision 061).
 */

export const PENDING_COOKIE = 'csm_second_step';
const pendingCookieName = (config: Config) => hostCookieName(PENDING_COOKIE, config.PUBLIC_URL);
const pendingCookieOptions = (config: Config) => hostCookieOptions(config.PUBLIC_URL);

/**
 * After the right password of an account that gives a second step (`TwoStep.secondStepsOf`): no session yet, a pending
 * sign-in instead, and the ways this account can give the second step.
 */
export async function beginSecondStep(
  reply: FastifyReply,
  config: Config,
  sessions: SessionStore,
  userId: string,
  methods: SecondStepMethod[],
  after?: PendingFirstStep,
): Promise<SecondFactorRequired> {
  const token = await sessions.beginPending(userId, after);
  reply.setCookie(pendingCookieName(config), token, { ...pendingCookieOptions(config), maxAge: PENDING_SIGN_IN_MS / 1000, signed: true });
  return { secondFactorRequired: true, methods };
}

/** The pending sign-in's token from its cookie, when the cookie is ours. */
function pendingToken(request: FastifyRequest, config: Config): string | undefined {
  const raw = request.cookies[pendingCookieName(config)];
  if (!raw) return undefined;
  const unsigned = request.unsignCookie(raw);
  return unsigned.valid && unsigned.value ? unsigned.value : undefined;
}

const invalidCode = () => badRequest(TWO_STEP_TEXTS.invalidCode, { code: 'invalid_second_factor', errors: { code: TWO_STEP_TEXTS.invalidCode } });
const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 409: apiErrorSchema, 429: apiErrorSchema };

/** A provider identity waiting for the second step before it is linked (decision 061): done once the step is given. */
export type OidcLinkCompletion = (userId: string, link: unknown) => Promise<void>;

export const twoStepRoutes: FastifyPluginAsyncZod<{
  config: Config;
  sessions: SessionStore;
  twoStep: TwoStep;
  passkeys: PasskeyService;
  recent: RecentSignInDeps;
  failedSteps: FailedStepWarning;
  completeOidcLink: OidcLinkCompletion;
  enrolment: Enrolment;
}> = async (app, opts) => {
  const { config, sessions, twoStep, passkeys, recent, failedSteps, completeOidcLink, enrolment } = opts;
  const repo = createAuthRepository(recent.db);
  const window = SECOND_FACTOR_WINDOW_MINUTES * 60;
  // Second steps are counted per account and address (decision 061), so someone else who has the password cannot use
  // up the owner's tries from their address; per account over an hour, above what one address may try, and per
  // address, so that neither many addresses nor many accounts give many guesses. One person's budgets are not scaled
  // by RATE_LIMIT_SCALE (decision 015); an address's is.
  const triesHere = new RateLimit({ name: 'second-factor', points: SECOND_FACTOR_TRIES, durationSeconds: window });
  const triesOfAccount = new RateLimit({ name: 'second-factor-account', points: SECOND_FACTOR_ACCOUNT_TRIES_PER_HOUR, durationSeconds: 60 * 60 });
  const triesFromAddress = new RateLimit({ name: 'second-factor-address', points: 6 * SECOND_FACTOR_TRIES, durationSeconds: window }, config.RATE_LIMIT_SCALE);
  const here = (request: FastifyRequest, userId: string) => `${userId} ${clientAddress(request)}`;

  /**
   * One second step of `userId`: its tries spent, `check` run. A failure after a password (a sign-in's second step)
   * counts towards the owner's warning; one from the owner's own session (`afterPassword: false`) does not.
   */
  async function secondStep(request: FastifyRequest, userId: string, check: () => Promise<boolean>, afterPassword = true): Promise<void> {
    const failed = async () => {
      if (afterPassword) await failedSteps.failed(userId);
    };
    await triesFromAddress.consume(clientAddress(request));
    await triesOfAccount.consume(userId);
    await triesHere.consume(here(request, userId));
    let passed: boolean;
    try {
      passed = await check();
    } catch (error) {
      if (error instanceof HttpError && error.statusCode < 500) await failed();
      throw error;
    }
    if (!passed) {
      await failed();
      throw invalidCode();
    }
    await triesHere.reset(here(request, userId));
  }
  const enableTries = new RateLimit({ name: 'totp-enable', points: 10, durationSeconds: 10 * 60 });
  const setups = new RateLimit({ name: 'totp-setup', points: 10, durationSeconds: 60 * 60 });
  const enrolmentEmails = new RateLimit({ name: 'second-factor-enrolment-email', points: 3, durationSeconds: 60 * 60 });
  const enrolmentOpens = new RateLimit({ name: 'second-factor-enrolment-open', points: 10, durationSeconds: 60 * 60 });
  // Each is a stored challenge: as many as a person could want in the five minutes of a first step.
  const passkeyStepOptions = new RateLimit({ name: 'second-step-passkey-options', points: 10, durationSeconds: SECOND_FACTOR_WINDOW_MINUTES * 60 });
  const present = (row: Parameters<typeof presentUser>[0]) => presentUser(row, config.ADMIN_EMAILS);

  app.post(
    '/api/auth/totp/setup',
    { config: { signedIn: true }, schema: { body: totpSetupSchema, response: { 200: totpSetupAnswerSchema, ...errors } } },
    async (request) => {
      const account = requireAccount(request);
      await setups.consume(account.id);
      await assertRecentSignIn(request, recent, request.body.password);
      await enrolment.assertMayEnrol(request, account);
      if (twoStep.isEnabled(account)) throw conflict(TWO_STEP_TEXTS.alreadyEnabled, { code: 'two_step_already_enabled' });
      return twoStep.setup(account);
    },
  );

  app.post(
    '/api/auth/totp/enable',
    { config: { signedIn: true }, schema: { body: totpEnableSchema, response: { 200: recoveryCodesSchema, ...errors } } },
    async (request) => {
      const account = requireAccount(request);
      await assertRecentSignIn(request, recent, request.body.password);
      await enrolment.assertMayEnrol(request, account);
      await enableTries.consume(account.id);
      const outcome = await twoStep.enable(account.id, request.body.code);
      if (outcome === 'already_enabled') throw conflict(TWO_STEP_TEXTS.alreadyEnabled, { code: 'two_step_already_enabled' });
      if (outcome === 'not_set_up') throw conflict(TWO_STEP_TEXTS.notSetUp, { code: 'two_step_not_enabled' });
      if (outcome === 'invalid') throw invalidCode();
      await enableTries.reset(account.id);
      return outcome;
    },
  );

  app.post(
    '/api/auth/totp/disable',
    { config: { signedIn: true }, schema: { body: totpDisableSchema, response: { 200: userSchema, ...errors } } },
    async (request) => {
      const account = requireAccount(request);
      if (!twoStep.isEnabled(account)) throw conflict(TWO_STEP_TEXTS.notEnabled, { code: 'two_step_not_enabled' });
      const { code, password } = request.body;
      // How the account signs in changes: a recent sign-in, or the password again (decision 061), and with it a code if given.
      await assertRecentSignIn(request, recent, password);
      if (code !== undefined) await secondStep(request, account.id, () => twoStep.verifyCode(account.id, code), false);
      await twoStep.disable(account.id);
      return present((await repo.findUserById(account.id))!);
    },
  );

  // An administrator's first second factor while REQUIRE_ADMIN_2FA is on starts from an emailed link (decision 061).
  app.post(
    '/api/auth/second-factor-enrolment/email',
    { config: { signedIn: true }, schema: { response: { 202: accountNoticeSchema, ...errors } } },
    async (request, reply) => {
      const account = requireAccount(request);
      if (!enrolment.guarded(account)) throw conflict(TWO_STEP_TEXTS.enrolmentNotNeeded, { code: 'enrolment_not_needed' });
      await enrolmentEmails.consume(account.id);
      const address = await enrolment.sendLink(account);
      return reply.code(202).send({ message: TWO_STEP_PAGE_TEXTS.enrolmentLinkSent(address) });
    },
  );

  app.post(
    '/api/auth/second-factor-enrolment',
    { config: { signedIn: true }, schema: { body: enrolmentOpenSchema, response: { 200: enrolmentOpenAnswerSchema, ...errors } } },
    async (request) => {
      const account = requireAccount(request);
      await enrolmentOpens.consume(account.id);
      return { enrolmentUntil: (await enrolment.open(request, account, request.body.token)).toISOString() };
    },
  );

  /** The account of the browser's live pending sign-in (its cookie and token), or 401 `second_factor_expired`. */
  const expired = () => unauthorized(TWO_STEP_TEXTS.pendingExpired, { code: 'second_factor_expired' });
  async function pendingSignIn(request: FastifyRequest): Promise<{ token: string; userId: string }> {
    const token = pendingToken(request, config);
    const userId = token ? await sessions.pendingUser(token) : undefined;
    if (!token || !userId) throw expired();
    return { token, userId };
  }

  /**
   * The second step was given: the pending sign-in is used up (once) and the session starts, named by its first step;
   * a provider identity that waited for this step is linked now.
   */
  async function finishSignIn(request: FastifyRequest, reply: FastifyReply, token: string, step: 'code' | 'passkey') {
    reply.clearCookie(pendingCookieName(config), pendingCookieOptions(config));
    // Used up here, once: of two requests with the same cookie, only the one whose delete took the row goes on.
    const pending = await sessions.finishPending(token);
    if (!pending) throw expired();
    const user = await repo.findUserById(pending.userId);
    if (!user || user.deletedAt) throw expired();
    // Banned during the five minutes: refused as at the first step.
    if (user.isBanned) throw forbidden(MESSAGES.suspended, { code: 'account_suspended' });
    // A held identity's claims may change the account (names, a verified address): then it is answered as they left it.
    const linked = pending.oidcLink !== null;
    if (linked) await completeOidcLink(user.id, pending.oidcLink);
    const method = pending.firstStep === 'oidc' ? 'oidc' : step === 'code' ? 'second_factor' : 'password_and_passkey';
    await startSession(request, reply, { sessions, config, userId: user.id, method, secondFactor: true, oidcIdToken: pending.oidcIdToken ?? undefined });
    return present(linked ? ((await repo.findUserById(user.id)) ?? user) : user);
  }

  app.post(
    '/api/auth/login/second-factor',
    { config: { allowBeforeTerms: true }, schema: { body: secondFactorSchema, response: { 200: userSchema, ...errors } } },
    async (request, reply) => {
      const { token, userId } = await pendingSignIn(request);
      await secondStep(request, userId, () => twoStep.verifyCode(userId, request.body.code));
      return finishSignIn(request, reply, token, 'code');
    },
  );

  // A passkey as the second step (decision 061): the challenge names the account's own passkeys.
  app.post(
    '/api/auth/login/second-factor/passkey-options',
    { config: { allowBeforeTerms: true }, schema: { response: { 200: authenticationOptionsSchema, ...errors } } },
    async (request) => {
      const { userId } = await pendingSignIn(request);
      await passkeyStepOptions.consume(userId);
      return passkeys.secondStepOptions(userId);
    },
  );

  app.post(
    '/api/auth/login/second-factor/passkey',
    { config: { allowBeforeTerms: true }, schema: { body: passkeyAuthenticateSchema, response: { 200: userSchema, ...errors } } },
    async (request, reply) => {
      const { token, userId } = await pendingSignIn(request);
      // The same budget as codes: a stolen password gets no more tries by switching kinds.
      await secondStep(request, userId, async () => {
        await passkeys.verifySecondStep(userId, request.body);
        return true;
      });
      return finishSignIn(request, reply, token, 'passkey');
    },
  );
};
