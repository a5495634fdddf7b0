import { z } from 'zod';
import { INT4_MAX } from '#shared/input.js';
import { cursorCodec } from '../../lib/paging.js';

/**
 * `created_at::text` as PostgreSQL prints it (`2025-06-01 12:34:56.123456+00`; no fraction when it is zero). Checked
 * field by field, with the id within `integer`: PostgreSQL would refuse a forged one (a NUL, 2025-02-31, an id past
 * its range) with an error, a 500, instead of the 400 'Invalid cursor'.
 */
const CREATED = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})(?:\.\d{1,6})?[+-]\d{2}(?::\d{2}){0,2}$/;
const createdKey = z.string().refine((c) => {
  const parts = CREATED.exec(c)?.slice(1).map(Number);
  if (!parts) return false;
  const [year, month, day, hours, minutes, seconds] = parts as [number, number, number, number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day && hours < 24 && minutes < 60 && seconds < 60;
});
/**
 * Opaque to clients: where the next page starts. `t`: newest first, after (c, i). `r`: relevance, in phase
 * `p` ('a', the search is all in the title; 'b', the rest), after (c, i) within that phase. `n`: nearest first
 * (decision 050), after (m, i) among the listings within the radius (m: their exact miles); `v`: then the virtual
 * listings, newest first, after (c, i).
 */
const id = z.number().int().positive().max(INT4_MAX);
const keyset = { c: createdKey, i: id };
const cursorSchema = z.union([
  z.object({ k: z.literal('t'), ...keyset }),
  z.object({ k: z.literal('r'), p: z.enum(['a', 'b']), ...keyset }),
  z.object({ k: z.literal('n'), m: z.number().min(0).max(25_000), i: id }),
  z.object({ k: z.literal('v'), ...keyset }),
]);
export type Cursor = z.infer<typeof cursorSchema>;

export const browseCursor = cursorCodec(cursorSchema);
