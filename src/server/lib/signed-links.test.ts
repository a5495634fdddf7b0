// engines: one — no database
import { createHmac, randomBytes } from 'node:crypto';
import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { EARLIER_LINK_KEY_UNTIL, linkSigner } from './signed-links.js';

const secret = randomBytes(32).toString('hex');
const parts = [42, '2027-01-05T10:00:00.000Z'];
/** The app's cookie signer, as app.ts registers it: @fastify/cookie under the session secret. */
let cookies: FastifyInstance;
beforeAll(async () => {
  cookies = Fastify();
  await cookies.register(cookie, { secret });
  await cookies.ready();
});
afterAll(() => cookies.close());
afterEach(() => {
  vi.useRealTimers();
});

/** The signature @fastify/cookie appends to `value` (`value.signature`, base64 without padding), as bytes. */
const cookieSignature = (value: string) => Buffer.from(cookies.signCookie(value).slice(value.length + 1), 'base64');
/** What the links' scheme before decision 064 made: its key is the cookie signer's signature of a known text. */
const earlierToken = (purpose: string) => createHmac('sha256', cookieSignature(`signed-link:${purpose}`)).update(parts.join('\n')).digest('base64url');

describe('signed links (decisions 051, 064)', () => {
  it('a token opens its own link only: the same parts, purpose and secret', () => {
    const renewal = linkSigner(secret, 'listing-renewal');
    const token = renewal.sign(parts);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(renewal.verify(parts, token)).toBe(true);
    expect(linkSigner(secret, 'listing-renewal').verify(parts, token)).toBe(true);
    expect(renewal.verify([43, parts[1]!], token)).toBe(false);
    expect(linkSigner(secret, 'saved-search-unsubscribe').verify(parts, token)).toBe(false);
    expect(linkSigner(randomBytes(32).toString('hex'), 'listing-renewal').verify(parts, token)).toBe(false);
  });

  it('no cookie signature is a link signature, and the cookie signer no longer gives away the key', () => {
    const renewal = linkSigner(secret, 'listing-renewal');
    const token = Buffer.from(renewal.sign(parts), 'base64url');
    // The same text through the cookie signer.
    expect(token.equals(cookieSignature(parts.join('\n')))).toBe(false);
    // The earlier key was the cookie signature of 'signed-link:{purpose}': whoever got a cookie of that value signed
    // could sign every link. The key is now derived apart, so that forgery makes a different token.
    expect(token.equals(Buffer.from(earlierToken('listing-renewal'), 'base64url'))).toBe(false);
  });

  it('links signed before the change verify until EARLIER_LINK_KEY_UNTIL, not after', () => {
    const renewal = linkSigner(secret, 'listing-renewal');
    const earlier = earlierToken('listing-renewal');
    vi.useFakeTimers({ now: EARLIER_LINK_KEY_UNTIL.getTime() - 1000, toFake: ['Date'] });
    expect(renewal.verify(parts, earlier)).toBe(true);
    // Still only for its own parts and purpose.
    expect(renewal.verify([43, parts[1]!], earlier)).toBe(false);
    expect(linkSigner(secret, 'saved-search-unsubscribe').verify(parts, earlier)).toBe(false);
    vi.setSystemTime(EARLIER_LINK_KEY_UNTIL);
    expect(renewal.verify(parts, earlier)).toBe(false);
    expect(renewal.verify(parts, renewal.sign(parts))).toBe(true);
  });
});
