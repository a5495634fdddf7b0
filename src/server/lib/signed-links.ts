import { createHmac, timingSafeEqual } from 'node:crypto';
import { deriveKey, KEY_LABELS } from './derived-keys.js';

/**
 * Emailed links that prove themselves without a table (decision 051): the token is an HMAC-SHA256 over what the link
 * is about, under a key derived from the app's secret with HKDF for one purpose only (decision 064), so a token made
 * for one kind of link never opens another, and nothing the cookie signer (keyed by the secret itself) produces is
 * ever a link's key or signature. A link names the state it was made for (a listing's expiry, say): once that state
 * changes the token no longer matches, which makes it single use without remembering anything. Changing
 * SESSION_SECRET ends every such link.
 */
export interface LinkSigner {
  /** The token for these parts: 43 base64url characters. */
  sign(parts: ReadonlyArray<string | number>): string;
  /** Whether `token` was made by `sign` for exactly these parts (compared in constant time). */
  verify(parts: ReadonlyArray<string | number>, token: string): boolean;
}

/**
 * Until then a link signed with the earlier key (an HMAC under the secret over `signed-link:{purpose}`, which the
 * cookie signer would also produce for a cookie of that value) still verifies: renewal reminders and alert emails
 * sent before decision 064 keep working for about three months. Nothing signs with it any more.
 */
export const EARLIER_LINK_KEY_UNTIL = new Date('2027-03-01T00:00:00Z');

const macOf = (key: Buffer, parts: ReadonlyArray<string | number>) => createHmac('sha256', key).update(parts.join('\n')).digest('base64url');

const same = (a: string, b: string) => {
  const [given, expected] = [Buffer.from(a), Buffer.from(b)];
  return given.length === expected.length && timingSafeEqual(given, expected);
};

export function linkSigner(secret: string, purpose: string): LinkSigner {
  const key = deriveKey(secret, KEY_LABELS.signedLink(purpose));
  const earlierKey = createHmac('sha256', secret).update(`signed-link:${purpose}`).digest();
  // Each part is a number or a string without a newline (an id, an ISO time), so the joined text names one list.
  return {
    sign: (parts) => macOf(key, parts),
    verify(parts, token) {
      if (same(token, macOf(key, parts))) return true;
      return Date.now() < EARLIER_LINK_KEY_UNTIL.getTime() && same(token, macOf(earlierKey, parts));
    },
  };
}
