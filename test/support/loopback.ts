// What counts as "this machine" for the tests' network guards: the Vitest guard (test/support/network-guard.ts)
// and the browser's (e2e/fixtures/network.ts) let through only these addresses, names and URLs.
import { isIP } from 'node:net';

/** 127.0.0.0/8, ::1, and the IPv4-mapped form of 127.0.0.0/8 (::ffff:127.0.0.1). */
export function isLoopbackAddress(address: string): boolean {
  const ip = address.replace(/^\[(.*)\]$/, '$1').toLowerCase();
  switch (isIP(ip)) {
    case 4:
      return ip.startsWith('127.');
    case 6:
      return ip === '::1' || ip === '0:0:0:0:0:0:0:1' || /^(::ffff:|0:0:0:0:0:ffff:)127\./.test(ip);
    default:
      return false;
  }
}

/** `localhost` and its subdomains, which resolve to loopback without asking a DNS server (RFC 6761). */
export function isLoopbackName(host: string): boolean {
  const name = host.toLowerCase().replace(/\.$/, '');
  return name === 'localhost' || name.endsWith('.localhost');
}

export function isLoopbackHost(host: string): boolean {
  return isLoopbackName(host) || isLoopbackAddress(host);
}

/** An http(s) or ws(s) URL to a loopback host. */
export function isLoopbackUrl(url: string): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  return ['http:', 'https:', 'ws:', 'wss:'].includes(parsed.protocol) && isLoopbackHost(parsed.hostname);
}
