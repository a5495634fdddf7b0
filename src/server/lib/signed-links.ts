import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Emailed links that prove themselves without a table (decision 051): the token is an HMAC-SHA256 over what the link
 * is about, under a key derived from the app's secret for one purpose only, so a token made for one kind of link
 * never opens another. A link names the state it was made for (a listing's expiry, say): once that state changes the
 * token no longer matches, which makes it single use without remembering anything. Changing SESSION_SECRET ends
 * every such link.
 */
export interface LinkSigner {
  /** The token for these parts: 43 base64url characters. */
  sign(parts: ReadonlyArray<string | number>): string;
  /** Whether `token` was made by `sign` for exactly these parts (compared in constant time). */
  verify(parts: ReadonlyArray<string | number>, token: string): boolean;
}

export function linkSigner(secret: string, purpose: string): LinkSigner {
  const key = createHmac('sha256', secret).update(`signed-link:${purpose}`).digest();
  // Each part is a number or a string without a newline (an id, an ISO time), so the joined text names one list.
  const mac = (parts: ReadonlyArray<string | number>) => createHmac('sha256', key).update(parts.join('\n')).digest('base64url');
  return {
    sign: mac,
    verify(parts, token) {
      const expected = Buffer.from(mac(parts));
      const given = Buffer.from(token);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}
