/**
 * A recent sign-in (decisions 054, 061): what changing how an account signs in asks for (adding or changing a second
 * factor or a passkey, signing other sessions out, turning two-step sign-in off, downloading the account's data). The
 * session must have begun, or its member proved themselves again (`POST /api/auth/recent-sign-in`, by password or
 * passkey), within `RECENT_SIGN_IN_MS`; or its sign-in at the OpenID Connect provider is fresh (decision 016); or the
 * request carries the account's password again.
 *
 * `deps` (`RecentSignInDeps`):
 * - `db`: where the session's proofs are read and written (the `sessions` row of `request.session.id`);
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
 * A right password counts as a proof again: the next change within the window needs none.
 */
import type { FastifyRequest } from 'fastify';
import { MESSAGES } from '#shared/texts.js';
import { RECENT_SIGN_IN_MINUTES, TWO_STEP_TEXTS } from '#shared/two-step.js';
import type { Db } from '#server/db/client.js';
import { clientAddress } from '#server/lib/client-address.js';
import { badRequest, forbidden, unauthorized } from '#server/lib/errors.js';
import { verifyPassword } from '#server/lib/passwords.js';
import { createAuthRepository } from '../identity/repository.js';
import { reauthenticatedUntil } from '../oidc/reauth.js';
import type { SignInLimits } from './sign-in-limits.js';

export const RECENT_SIGN_IN_MS = RECENT_SIGN_IN_MINUTES * 60_000;

export interface RecentSignInDeps {
  db: Db;
  signInLimits: SignInLimits;
  now?: () => number;
}

const wrongPassword = () => badRequest(TWO_STEP_TEXTS.wrongPassword, { code: 'wrong_password', errors: { password: TWO_STEP_TEXTS.wrongPassword } });

/** Until when the request's session counts as recently signed in, or null when it does not (any more). */
export async function recentUntil(request: FastifyRequest, deps: Pick<RecentSignInDeps, 'db' | 'now'>): Promise<Date | null> {
  if (!request.session) return null;
  const proofs = await createAuthRepository(deps.db).sessionProofs(request.session.id);
  if (!proofs) return null;
  const now = deps.now?.() ?? Date.now();
  const lastProof = Math.max(proofs.createdAt.getTime(), proofs.reauthenticatedAt?.getTime() ?? 0);
  const atProvider = reauthenticatedUntil(request.session.oidcIdToken, now)?.getTime() ?? 0;
  const until = Math.max(lastProof + RECENT_SIGN_IN_MS, atProvider);
  return until >= now ? new Date(until) : null;
}

/** Whether the request's session began, or its member proved themselves again, within `RECENT_SIGN_IN_MS`. */
export async function signedInRecently(request: FastifyRequest, deps: Pick<RecentSignInDeps, 'db' | 'now'>): Promise<boolean> {
  return (await recentUntil(request, deps)) !== null;
}

/** The member proved themselves again (the password, a passkey) in this session: a recent sign-in from now. */
export async function markReauthenticated(request: FastifyRequest, deps: Pick<RecentSignInDeps, 'db' | 'now'>): Promise<Date> {
  const now = deps.now?.() ?? Date.now();
  if (request.session) await createAuthRepository(deps.db).markReauthenticated(request.session.id, new Date(now));
  return new Date(now + RECENT_SIGN_IN_MS);
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
  await markReauthenticated(request, deps);
}
