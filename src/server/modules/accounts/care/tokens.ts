import { RESET_PASSWORD_TTL_MINUTES, VERIFY_EMAIL_TTL_HOURS } from '#shared/account.js';
import type { TokenPurpose } from './account-repository.js';

const HOUR_MS = 60 * 60 * 1000;

/** How long a link of each purpose works (decision 014). */
export const TOKEN_TTL_MS: Record<TokenPurpose, number> = {
  verify_email: VERIFY_EMAIL_TTL_HOURS * HOUR_MS,
  change_email: VERIFY_EMAIL_TTL_HOURS * HOUR_MS,
  reset_password: RESET_PASSWORD_TTL_MINUTES * 60 * 1000,
  // An administrator's first second factor (decision 061): opened at once, from the mailbox the link went to.
  second_factor_enrolment: 30 * 60 * 1000,
};

/** The emailed links' tokens are made and stored like every secret token (43 characters, `accountTokenSchema`). */
export { hashToken, newToken } from '#server/lib/secret-tokens.js';
