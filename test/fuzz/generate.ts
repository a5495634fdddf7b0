import type { z } from 'zod';

/**
 * Values for the fuzzer, read from the routes' own zod schemas: a plausible value for every field (so requests get
 * past the first check and reach the rules behind it), and the hostile ones each request swaps in.
 */

export type Rng = () => number;

/** A small seeded generator (mulberry32): the same seed replays the same requests. */
export function seeded(seed: number): Rng {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const pick = <T>(rng: Rng, values: readonly T[]): T => values[Math.floor(rng() * values.length)]!;
export const chance = (rng: Rng, p: number) => rng() < p;
export const between = (rng: Rng, lo: number, hi: number) => lo + Math.floor(rng() * (hi - lo + 1));

/** Real rows the fuzzer points at, so ids sometimes exist and the rules behind validation run too. */
export interface Pools {
  serialIds: number[];
  categoryPairs: Array<[categoryId: number, serviceTypeId: number]>;
  userIds: string[];
  imageIds: string[];
}

export interface Context {
  rng: Rng;
  pools: Pools;
  /** A counter, so generated emails and usernames do not collide. */
  next: () => number;
}

type Def = { type: string } & Record<string, unknown>;
const defOf = (schema: z.core.$ZodType) => schema._zod.def as unknown as Def;
const bag = (schema: z.core.$ZodType) => schema._zod.bag as { minimum?: number; maximum?: number };

/** Strings that have broken servers: NUL, lone surrogates, bidi overrides, number look-alikes, injections. */
export const NASTY_STRINGS = [
  '\u0000',
  'a\u0000b',
  'Patient maths tutoring\u0000',
  '\ud800',
  'x\udfffx',
  '\uffff\ufffe',
  '\u202eevil',
  '💥💥',
  ' ',
  '',
  '%00',
  '\\u0000',
  "' OR 1=1 --",
  '<script>alert(1)</script>',
  '../../etc/passwd',
  '${7*7}{{7*7}}',
  'null',
  'NaN',
  'Infinity',
  '-1',
  '0',
  '1e309',
  '0x10',
  ' 7',
  '1.5',
  '2147483648',
  '9007199254740993',
  '__proto__',
  'constructor',
];

/** Path and query values, already percent-encoded: NUL, invalid UTF-8, overlong and surrogate sequences, bad escapes. */
export const NASTY_URL_PARTS = [
  '%00',
  '1%00',
  '%00abc',
  '%FF',
  '%C0%80',
  '%ED%A0%80',
  '%F4%90%80%80',
  '%E2%80%AE',
  '%',
  '%zz',
  '%%',
  '0',
  '-1',
  '1.5',
  '1e3',
  '0x10',
  '%207',
  '2147483648',
  '99999999999999999999',
  'abc',
  'null',
  '00000000-0000-4000-8000-000000000000',
  'a'.repeat(99),
  'a'.repeat(101),
  '..%2F..%2Fetc',
  '%2F',
];

export function hugeString(rng: Rng): string {
  return pick(rng, ['a', 'é', '💥', '\u0000', '%', 'data:']).repeat(pick(rng, [1_000, 10_000, 100_000, 300_000]));
}

/** A value of the wrong type, or of the right type at an edge. */
export function wrongValue(rng: Rng): unknown {
  return pick(rng, [
    null,
    true,
    false,
    0,
    -1,
    1.5,
    2 ** 31,
    2 ** 53 + 2,
    -1e308,
    1e308,
    [],
    [1, 'a', null],
    {},
    { a: 1 },
    { __proto__: { isAdmin: true } },
    pick(rng, NASTY_STRINGS),
    hugeString(rng),
  ]);
}

function hint(key: string, c: Context, url: string): unknown {
  const { rng, pools } = c;
  switch (key) {
    case 'email':
    case 'newEmail':
      return `fuzz-${c.next()}@example.test`;
    case 'username':
      return `fz_${c.next()}`;
    case 'password':
    case 'newPassword':
    case 'currentPassword':
      return 'Vivid-Lantern-8841-Orbit';
    case 'zipCode':
    case 'zip':
      return pick(rng, ['10001', '94103', '60601-1234']);
    case 'city':
      return 'New York';
    case 'state':
      return 'NY';
    case 'title':
      return 'Fuzzed neighbourly help';
    case 'description':
      return 'A description long enough for the listing rules to accept it.';
    case 'message':
    case 'content':
      return 'Hello from the fuzzer';
    case 'subject':
      return 'Fuzz subject';
    case 'token':
      return Array.from({ length: 43 }, () => pick(rng, [...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-'])).join('');
    case 'participantId':
      return pick(rng, [...pools.userIds, 'support']);
    case 'rating':
      return between(rng, 1, 5);
    case 'rate':
      return 25;
    case 'returnTo':
      return '/';
    case 'cursor':
      return undefined;
    case 'availability':
      return pick(rng, [['mon', 'wed'], ['sat'], '["sun","mon"]']);
    case 'images':
      return chance(rng, 0.8) || pools.imageIds.length === 0 ? [] : [`/api/images/${pick(rng, pools.imageIds)}`];
    case 'id':
      if (url.startsWith('/api/admin/users/')) return pick(rng, pools.userIds);
      if (url.startsWith('/api/images/')) return pick(rng, pools.imageIds);
      return pick(rng, pools.serialIds);
    case 'serviceId':
    case 'conversationId':
    case 'serviceCompletionId':
      return pick(rng, pools.serialIds);
    default:
      return undefined;
  }
}

/** A value `schema` should accept under `key` (best effort: field names tell what the types cannot). */
export function validValue(schema: z.core.$ZodType, key: string, c: Context, url = ''): unknown {
  const d = defOf(schema);
  const inner = d.innerType as z.core.$ZodType;
  switch (d.type) {
    case 'optional':
      return chance(c.rng, 0.2) ? undefined : validValue(inner, key, c, url);
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return validValue(inner, key, c, url);
    case 'pipe': {
      const from = d.in as z.core.$ZodType;
      return validValue(defOf(from).type === 'transform' ? (d.out as z.core.$ZodType) : from, key, c, url);
    }
    case 'object':
      return validObject(schema, c, url);
    case 'array': {
      const hinted = hint(key, c, url);
      if (hinted !== undefined) return hinted;
      const min = bag(schema).minimum ?? 0;
      return Array.from({ length: Math.max(min, between(c.rng, 0, 2)) }, () => validValue(d.element as z.core.$ZodType, key, c, url));
    }
    case 'enum':
      return pick(c.rng, Object.values(d.entries as Record<string, string>));
    case 'literal':
      return pick(c.rng, d.values as unknown[]);
    case 'union':
      return validValue(pick(c.rng, d.options as z.core.$ZodType[]), key, c, url);
    case 'boolean':
      return chance(c.rng, 0.5);
    case 'number': {
      const hinted = hint(key, c, url);
      if (hinted !== undefined) return hinted;
      const { minimum = 1, maximum = 50 } = bag(schema);
      return Math.min(Math.max(minimum, 10), maximum);
    }
    case 'string': {
      const hinted = hint(key, c, url);
      if (hinted !== undefined) return hinted;
      const { minimum = 1, maximum = 40 } = bag(schema);
      return 'fuzz text '.repeat(10).slice(0, Math.max(minimum, Math.min(maximum, 12)));
    }
    default:
      return 'fuzz';
  }
}

function validObject(schema: z.core.$ZodType, c: Context, url: string): Record<string, unknown> {
  const shape = (defOf(schema).shape ?? {}) as Record<string, z.core.$ZodType>;
  const out: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(shape)) {
    const value = validValue(field, key, c, url);
    if (value !== undefined) out[key] = value;
  }
  // A category and a service type of that category, or the listing rules stop every request at the first check.
  if ('categoryId' in shape && 'serviceTypeId' in shape && c.pools.categoryPairs.length > 0) {
    [out.categoryId, out.serviceTypeId] = pick(c.rng, c.pools.categoryPairs);
  }
  return out;
}

/** Replaces one string inside `value` with itself plus a NUL, or answers undefined when there is none. */
export function withNulInOneString(rng: Rng, value: Record<string, unknown>): Record<string, unknown> | undefined {
  const keys = Object.keys(value).filter((k) => typeof value[k] === 'string');
  if (keys.length === 0) return undefined;
  const key = pick(rng, keys);
  const text = value[key] as string;
  const at = between(rng, 0, text.length);
  return { ...value, [key]: `${text.slice(0, at)}\u0000${text.slice(at)}` };
}

/** JSON nested `depth` levels deep, as text: building it as an object would overflow our own stack first. */
export function deepJson(rng: Rng): string {
  const depth = pick(rng, [100, 5_000, 100_000]);
  return chance(rng, 0.5) ? `${'['.repeat(depth)}${']'.repeat(depth)}` : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
}

/** Bytes that are not UTF-8 (a lone continuation byte, an overlong NUL, a surrogate, past U+10FFFF, a cut sequence). */
export const INVALID_UTF8 = [
  Buffer.from([0xff]),
  Buffer.from([0x80]),
  Buffer.from([0xc0, 0x80]),
  Buffer.from([0xed, 0xa0, 0x80]),
  Buffer.from([0xf4, 0x90, 0x80, 0x80]),
  Buffer.from([0xe2, 0x82]),
];

/** encodeURIComponent, except that lone surrogates (which it refuses) go out as the bytes Node would send. */
export function encode(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return [...Buffer.from(value)].map((b) => `%${b.toString(16).padStart(2, '0').toUpperCase()}`).join('');
  }
}

/** How many text fields a schema has (through optional, default, pipe, arrays, unions): where stored text comes in. */
export function textFields(schema: z.core.$ZodType | undefined, depth = 0): number {
  if (!schema || depth > 8) return 0;
  const d = defOf(schema);
  switch (d.type) {
    case 'string':
      return 1;
    case 'object':
      return Object.values((d.shape ?? {}) as Record<string, z.core.$ZodType>).reduce((n, field) => n + textFields(field, depth + 1), 0);
    case 'array':
      return textFields(d.element as z.core.$ZodType, depth + 1);
    case 'union':
      return Math.max(0, ...(d.options as z.core.$ZodType[]).map((o) => textFields(o, depth + 1)));
    case 'pipe':
      return textFields(defOf(d.in as z.core.$ZodType).type === 'transform' ? (d.out as z.core.$ZodType) : (d.in as z.core.$ZodType), depth + 1);
    default:
      return d.innerType ? textFields(d.innerType as z.core.$ZodType, depth + 1) : 0;
  }
}
