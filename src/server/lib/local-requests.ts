import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { isIPv4 } from 'node:net';

/**
 * Whether a socket's peer is this machine. Pass `request.socket.remoteAddress`, never `request.ip`: with
 * TRUST_PROXY that comes from X-Forwarded-For, and no client may claim to be local.
 */
export function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.toLowerCase().startsWith('::ffff:') ? address.slice(7) : address;
  if (isIPv4(v4)) return v4.startsWith('127.');
  return address === '::1';
}

/** Headers a reverse proxy adds: whoever it forwarded for is not on this machine, even though the socket is. */
const FORWARDING_HEADERS = ['x-forwarded-for', 'forwarded', 'x-real-ip'];

/**
 * Whether a request comes from this machine itself: a loopback socket that no proxy forwarded. A proxy on the same
 * host (nginx in front, decision 024) connects from loopback for every visitor, and says so in these headers.
 */
export function isFromThisMachine(request: { socket: { remoteAddress?: string }; headers: IncomingHttpHeaders }): boolean {
  return isLoopback(request.socket.remoteAddress) && !FORWARDING_HEADERS.some((name) => request.headers[name] !== undefined);
}

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * Whether an Authorization header is `Bearer {token}`. Compared as digests: equal lengths for timingSafeEqual,
 * and no timing hint of the token's length.
 */
export function isBearer(header: string | undefined, token: string): boolean {
  if (typeof header !== 'string' || !header.startsWith('Bearer ')) return false;
  return timingSafeEqual(digest(header.slice('Bearer '.length)), digest(token));
}
