/**
 * A recent sign-in (decision 054): what adding a second factor or a passkey asks for. The session must have
 * begun within `RECENT_SIGN_IN_MS`, or the request must carry the account's password again.
 *
 * `deps` (`RecentSignInDeps`):
 * - `db`: where the session's start is read (the `sessions` row of `request.session.id`);
 * - `signInLimits`: the sign-in limits (`createSignInLimits()`, made while the app is built, like every limiter): a
 *   password typed here counts against the account's sign-in budget from this address exactly as one typed on the
 *   sign-in page, so a session left open cannot be used to guess it;
 * - `now` (optional): the clock, for tests.
 *
 * Call it after the route knows who is signed in (`config: { signedIn: true }`); it throws:
 * - 401 `unauthenticated` when nobody is;
 * - 403 `recent_sign_in_required` (TWO_STEP_TEXTS.recentSignInRequired) when the sign-in is older and no password came;
 * - 400 `wrong_password` (errors.password) for a wrong password (also for an account without one);
 * - 429 when the sign-in limits refuse the attempt.
 */
import type { FastifyRequest } from 'fastify';
import { MESSAGES } from '#shared/texts.js';
import { RECENT_SIGN_IN_MINUTES, TWO_STEP_TEXTS } from '#shared/two-step.js';
import type { Db } from '#server/db/client.js';
import { clientAddress } from '#server/lib/client-address.js';
import { badRequest, forbidden, unauthorized } from '#server/lib/errors.js';
import { verifyPassword } from '#server/lib/passwords.js';
import { createAuthRepository } from '../identity/repository.js';
import type { SignInLimits } from './sign-in-limits.js';

export const RECENT_SIGN_IN_MS = RECENT_SIGN_IN_MINUTES * 60_000;

export interface RecentSignInDeps {
  db: Db;
  signInLimits: SignInLimits;
  now?: () => number;
}

const wrongPassword = () => badRequest(TWO_STEP_TEXTS.wrongPassword, { code: 'wrong_password', errors: { password: TWO_STEP_TEXTS.wrongPassword } });

/** Whether the request's session began within `RECENT_SIGN_IN_MS`. */
export async function signedInRecently(request: FastifyRequest, deps: Pick<RecentSignInDeps, 'db' | 'now'>): Promise<boolean> {
  if (!request.session) return false;
  const startedAt = await createAuthRepository(deps.db).sessionStartedAt(request.session.id);
  if (!startedAt) return false;
  const now = deps.now?.() ?? Date.now();
  return now - startedAt.getTime() <= RECENT_SIGN_IN_MS;
}

export async function assertRecentSignIn(request: FastifyRequest, deps: RecentSignInDeps, password?: string): Promise<void> {
  const account = request.account;
  if (!account || !request.session) throw unauthorized(MESSAGES.signedOut);
  if (password === undefined || password === '') {
    if (await signedInRecently(request, deps)) return;
    throw forbidden(TWO_STEP_TEXTS.recentSignInRequired, { code: 'recent_sign_in_required' });
  }
  // Counted under the account's address as on the sign-in page (the id when it has none).
  const key = account.email ?? account.id;
  const address = clientAddress(request);
  await deps.signInLimits.attempt(key, address);
  if (!account.passwordHash || !(await verifyPassword(password, account.passwordHash))) throw wrongPassword();
  await deps.signInLimits.succeeded(key, address);
}
