import { isIPv4, isIPv6 } from 'node:net';

/**
 * The key a per-address rate limit counts under for this request: an IPv4 address as it is, an
 * IPv4-mapped IPv6 address as its IPv4 address, and any other IPv6 address as its /64 prefix,
 * because one home or one server is routinely handed a whole /64 and could otherwise draw a fresh
 * budget from each of its 2^64 addresses. `request.ip` already honours TRUST_PROXY (decision 021).
 */
export function clientAddress(request: { ip?: string }): string {
  const ip = request.ip ?? '';
  if (isIPv4(ip)) return ip;
  const groups = ipv6Groups(ip);
  if (!groups) return ip || 'unknown';
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    return [groups[6]! >> 8, groups[6]! & 0xff, groups[7]! >> 8, groups[7]! & 0xff].join('.');
  }
  return `${groups.slice(0, 4).map((g) => g.toString(16)).join(':')}::/64`;
}

/** The eight 16-bit groups of an IPv6 address (zone id dropped, embedded IPv4 tail folded in), or null. */
function ipv6Groups(value: string): number[] | null {
  const address = value.split('%')[0]!;
  if (!isIPv6(address)) return null;
  let text = address;
  const lastColon = text.lastIndexOf(':');
  const tail = text.slice(lastColon + 1);
  if (isIPv4(tail)) {
    const [a, b, c, d] = tail.split('.').map(Number) as [number, number, number, number];
    text = `${text.slice(0, lastColon + 1)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, rest] = text.split('::') as [string, string | undefined];
  const parse = (part: string) => (part ? part.split(':').map((g) => parseInt(g, 16)) : []);
  const left = parse(head);
  if (rest === undefined) return left;
  const right = parse(rest);
  return [...left, ...new Array<number>(8 - left.length - right.length).fill(0), ...right];
}
