import type { FastifyRequest } from 'fastify';
import { ADMIN_ERRORS } from '#shared/admin.js';
import { TWO_STEP_TEXTS } from '#shared/two-step.js';
import { forbidden } from './errors.js';
import { isAdmin, requireUser, type Viewer } from './viewer.js';

/**
 * REQUIRE_ADMIN_2FA (decisions 054 and 061): whether an administrator's session must have begun with a second factor,
 * and whether the account has one to sign in with (which only changes what the refusal tells them to do).
 */
export interface SecondFactorPolicy {
  required: boolean;
  has(userId: string): Promise<boolean>;
}

/**
 * The administrator, or the refusal: 401 signed out, 403 for anyone else, and with REQUIRE_ADMIN_2FA 403
 * `second_factor_required` unless this session began with a second factor. Owning one is not enough: a stolen
 * password must not open /api/admin because the account also has a passkey. The answer's `secondFactor` says what
 * to do: `set_up` one, or `sign_in_again` with the one the account has.
 */
export async function requireAdministrator(request: FastifyRequest, policy: SecondFactorPolicy | undefined): Promise<Viewer> {
  const viewer = requireUser(request);
  if (!isAdmin(viewer)) throw forbidden(ADMIN_ERRORS.forbidden);
  if (policy?.required && !request.session?.secondFactor) {
    const has = await policy.has(viewer.id);
    throw forbidden(has ? TWO_STEP_TEXTS.adminSignInAgain : TWO_STEP_TEXTS.adminSecondFactorRequired, {
      code: 'second_factor_required',
      details: { secondFactor: has ? 'sign_in_again' : 'set_up' },
    });
  }
  return viewer;
}
