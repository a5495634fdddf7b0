import { createHash, randomBytes } from 'node:crypto';
import { RESET_PASSWORD_TTL_MINUTES, VERIFY_EMAIL_TTL_HOURS } from '#shared/account.js';
import type { TokenPurpose } from './account-repository.js';

const HOUR_MS = 60 * 60 * 1000;

/** How long a link of each purpose works (decision 014). */
export const TOKEN_TTL_MS: Record<TokenPurpose, number> = {
  verify_email: VERIFY_EMAIL_TTL_HOURS * HOUR_MS,
  change_email: VERIFY_EMAIL_TTL_HOURS * HOUR_MS,
  reset_password: RESET_PASSWORD_TTL_MINUTES * 60 * 1000,
};

/** What is stored of a token: a leaked table hands out no working link (like the session ids). */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');

/** 256 random bits as 43 base64url characters (`accountTokenSchema`), and the hash to store. */
export function newToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashToken(token) };
}
