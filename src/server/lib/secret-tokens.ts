import { createHash, randomBytes } from 'node:crypto';

/**
 * What is stored of a secret token (a session cookie, an emailed link): its SHA-256, so a leaked table hands out no
 * working session or link.
 */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');

/** 256 random bits as 43 base64url characters, and the hash to store. */
export function newToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashToken(token) };
}
