import type { z } from 'zod';
import type { FuzzRoute } from './harness.js';
import {
  INVALID_UTF8,
  NASTY_STRINGS,
  NASTY_URL_PARTS,
  between,
  chance,
  deepJson,
  encode,
  hugeString,
  pick,
  validValue,
  withNulInOneString,
  wrongValue,
  type Context,
} from './generate.js';

/** Who sends a request: nobody, a member who accepted the terms, or an administrator with a verified address. */
export interface Persona {
  kind: 'anonymous' | 'member' | 'admin';
  cookie?: string;
  userId?: string;
}

export interface Planned {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  remoteAddress: string;
  /** Which attack this request carries, for the report. */
  kind: string;
}

const shapeOf = (schema: z.core.$ZodType | undefined) => ((schema?._zod.def as { shape?: Record<string, z.core.$ZodType> } | undefined)?.shape ?? {}) as Record<string, z.core.$ZodType>;

function pathOf(route: FuzzRoute, c: Context, hostile: boolean): string {
  const params = shapeOf(route.schema.params);
  return route.url.replace(/:(\w+)/g, (_match, name: string) => {
    if (!hostile) {
      const field = params[name];
      return encode(String(field ? validValue(field, name, c, route.url) : pick(c.rng, c.pools.serialIds)));
    }
    return chance(c.rng, 0.7) ? pick(c.rng, NASTY_URL_PARTS) : encode(pick(c.rng, NASTY_STRINGS)) || '%20';
  });
}

function queryOf(route: FuzzRoute, c: Context, hostile: boolean): string {
  const shape = shapeOf(route.schema.querystring);
  const pairs: string[] = [];
  for (const [key, field] of Object.entries(shape)) {
    const value = validValue(field, key, c, route.url);
    if (value !== undefined) pairs.push(`${key}=${encode(String(value))}`);
  }
  if (!hostile) return pairs.join('&');
  const key = Object.keys(shape).length > 0 && chance(c.rng, 0.8) ? pick(c.rng, Object.keys(shape)) : pick(c.rng, ['x', '__proto__', 'constructor', '%00', 'a[b]']);
  const value = pick(c.rng, [
    () => pick(c.rng, NASTY_URL_PARTS),
    () => `${Object.hasOwn(shape, key) ? encode(String(validValue(shape[key]!, key, c, route.url) ?? '')) : 'x'}%00`,
    () => encode(pick(c.rng, NASTY_STRINGS)),
    () => encode(hugeString(c.rng).slice(0, 20_000)),
    () => `1&${key}=2`,
    () => '',
  ])();
  pairs.push(`${key}=${value}`);
  return pairs.join('&');
}

/** A JSON text with `raw` (not JSON-encoded) spliced in as the value of `key`. */
const splice = (body: Record<string, unknown>, key: string, raw: string) => {
  const rest = JSON.stringify(body).slice(1);
  return `{${JSON.stringify(key)}:${raw}${rest === '}' ? '}' : `,${rest}`}`;
};

function bodyOf(route: FuzzRoute, c: Context, hostile: boolean): { payload?: string | Buffer; contentType?: string; kind: string } {
  const { rng } = c;
  const body = route.schema.body ? (validValue(route.schema.body, '', c, route.url) as unknown) : {};
  const object = typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
  const keys = Object.keys(object);
  const someKey = () => (keys.length > 0 ? pick(rng, keys) : 'field');
  const json = (value: unknown, kind: string) => ({ payload: JSON.stringify(value), contentType: 'application/json', kind });
  // Bodies past the limit are costly to build; one in fifty is enough to keep that answer honest.
  const attack = !hostile ? 0 : chance(rng, 0.02) ? 12 : pick(rng, [1, 2, 3, 3, 3, 3, 4, 5, 6, 7, 8, 8, 9, 10, 11, 13]);
  switch (attack) {
    case 0:
      return json(body, 'valid');
    case 1:
      return json({ ...object, [someKey()]: wrongValue(rng) }, 'wrong type');
    case 2:
      return json({ ...object, [someKey()]: hugeString(rng) }, 'huge string');
    case 3:
      return json(withNulInOneString(rng, object) ?? { ...object, [someKey()]: 'a\u0000b' }, 'NUL');
    case 4: {
      const missing = { ...object };
      for (const key of keys) if (chance(rng, 0.5)) delete missing[key];
      return json(missing, 'missing fields');
    }
    case 5:
      return json({ ...object, [pick(rng, ['isAdmin', 'userId', 'id', 'deletedAt', 'x'.repeat(500), '\u0000'])]: wrongValue(rng) }, 'extra field');
    case 6:
      return {
        payload: splice(object, pick(rng, ['__proto__', 'constructor']), pick(rng, ['{"isAdmin":true}', '{"prototype":{"isAdmin":true}}', 'null', '"x"'])),
        contentType: 'application/json',
        kind: 'prototype key',
      };
    case 7:
      return { payload: chance(rng, 0.5) ? deepJson(rng) : splice(object, someKey(), deepJson(rng)), contentType: 'application/json', kind: 'deep nesting' };
    case 8: {
      const marker = '\u0001MARK\u0001';
      const withMarker = keys.some((k) => typeof object[k] === 'string')
        ? withNulInOneString(rng, object)!
        : { ...object, [someKey()]: 'x' };
      const text = JSON.stringify(withMarker).replace('\\u0000', marker).replace(/"x"/, `"${marker}"`);
      const [head, tail = ''] = text.split(marker);
      return { payload: Buffer.concat([Buffer.from(head!), pick(rng, INVALID_UTF8), Buffer.from(tail)]), contentType: 'application/json; charset=utf-8', kind: 'invalid UTF-8' };
    }
    case 9:
      return {
        payload: pick(rng, ['', '{', '{"a":', 'null', '[]', '"text"', '1', 'true', '\u0000', '{"a":1}{"b":2}', '\ufeff{}']),
        contentType: 'application/json',
        kind: 'malformed JSON',
      };
    case 10:
      return { payload: JSON.stringify(body), contentType: pick(rng, ['text/plain', 'application/x-www-form-urlencoded', 'application/xml', 'application/json; charset=latin1']), kind: 'content type' };
    case 11:
      return multipart(c);
    case 12:
      return { payload: JSON.stringify({ ...object, pad: 'a'.repeat(pick(rng, [1_100_000, 3_000_000])) }), contentType: 'application/json', kind: 'over the body limit' };
    default:
      return { kind: 'no body' };
  }
}

/** A multipart body: an image-like file, random bytes, a NUL in the name, many parts, or a broken boundary. */
function multipart(c: Context): { payload: Buffer; contentType: string; kind: string } {
  const { rng } = c;
  const boundary = `fuzz${between(rng, 0, 1e9)}`;
  const parts: Buffer[] = [];
  const partCount = pick(rng, [1, 1, 2, 50]);
  for (let i = 0; i < partCount; i += 1) {
    const isFile = i === 0 || chance(rng, 0.3);
    const name = isFile ? pick(rng, ['file', 'image', 'avatar', '\u0000']) : `field${i}`;
    const filename = pick(rng, ['a.png', 'a\u0000.png', '../../x.png', 'é.png', 'x'.repeat(300)]);
    const bytes = pick(rng, [Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(between(rng, 0, 5000), between(rng, 0, 255)), INVALID_UTF8[0]!]);
    const disposition = isFile ? `form-data; name="${name}"; filename="${filename}"` : `form-data; name="${name}"`;
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\nContent-Type: ${pick(rng, ['image/png', 'text/plain', 'application/octet-stream'])}\r\n\r\n`), bytes, Buffer.from('\r\n'));
  }
  if (chance(rng, 0.8)) parts.push(Buffer.from(`--${boundary}--\r\n`));
  const declared = chance(rng, 0.9) ? boundary : 'other';
  return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${declared}`, kind: 'multipart' };
}

const ip = (c: Context) => `10.${between(c.rng, 0, 255)}.${between(c.rng, 0, 255)}.${between(c.rng, 1, 254)}`;

/**
 * One request to `route` as `persona`. Mostly one part of it (path, query or body) is hostile and the rest is
 * plausible, so the attack reaches the rules and the database behind the first check; sometimes all or none are.
 */
export function planRequest(route: FuzzRoute, persona: Persona, c: Context): Planned {
  const { rng } = c;
  const hasBody = !['GET', 'HEAD', 'DELETE'].includes(route.method) || (route.method === 'DELETE' && route.schema.body !== undefined);
  const parts = [route.url.includes(':') && 'path', 'query', hasBody && 'body', hasBody && 'body'].filter((p): p is string => Boolean(p));
  const roll = rng();
  const target = roll < 0.1 ? 'all' : roll < 0.2 ? 'none' : pick(rng, parts);
  const hostile = (part: string) => target === 'all' || target === part;
  const url = pathOf(route, c, hostile('path'));
  const query = queryOf(route, c, hostile('query'));
  const headers: Record<string, string> = {};
  if (persona.cookie) headers.cookie = persona.cookie;
  else if (chance(rng, 0.05)) headers.cookie = pick(rng, ['csm_session=%00', `csm_session=${'a'.repeat(5000)}`, 'csm_session=s%3Aforged.sig', 'csm_session']);
  if (chance(rng, 0.03)) headers.origin = 'https://evil.example';
  const body = hasBody ? bodyOf(route, c, hostile('body')) : { kind: 'no body' };
  if (body.contentType) headers['content-type'] = body.contentType;
  const kinds = [hostile('path') && parts.includes('path') && 'path', hostile('query') && 'query', hasBody && body.kind].filter(Boolean);
  return {
    method: route.method,
    url: query ? `${url}?${query}` : url,
    headers,
    payload: 'payload' in body ? body.payload : undefined,
    remoteAddress: ip(c),
    kind: kinds.join(' + ') || 'valid',
  };
}
