import { z } from 'zod';
import { INT4_MAX, text } from '#shared/input.js';
import { cursorCodec } from '../../lib/paging.js';

/** `2025-06-01T12:34:56.123456Z`: what the repository selects with `to_char`, and what PostgreSQL reads back. */
const TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
const time = z
  .string()
  .regex(TIME)
  // The regex lets 2025-02-31 through; the first 23 characters must be a real instant that prints the same.
  .refine((t) => {
    const millis = `${t.slice(0, 23)}Z`;
    const parsed = new Date(millis);
    return !Number.isNaN(parsed.getTime()) && parsed.toISOString() === millis;
  });
// Listings, reports and conversations have `integer` ids, messages and audit entries `bigint`: a forged id past
// the column's range (or a NUL in a user id) would fail in PostgreSQL (500) instead of answering 'Invalid cursor'.
const intId = z.number().int().positive().max(INT4_MAX);
const bigId = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const textId = text().min(1).max(200);

/**
 * Opaque to clients: where the next page of an administrator's list starts. `k` names the list, so a cursor of
 * one list is refused by another; `t` is the sort time in full precision (UTC, microseconds, as `sortTime()`
 * writes it); `i` the row's id, the tie-breaker (text for users, a number for everything else).
 */
const schemas = {
  users: z.object({ k: z.literal('users'), t: time, i: textId }),
  services: z.object({ k: z.literal('services'), t: time, i: intId }),
  reports: z.object({ k: z.literal('reports'), t: time, i: intId }),
  conversations: z.object({ k: z.literal('conversations'), t: time, i: intId }),
  messages: z.object({ k: z.literal('messages'), i: bigId }),
  audit: z.object({ k: z.literal('audit'), i: bigId }),
  appeals: z.object({ k: z.literal('appeals'), t: time, i: intId }),
} as const;

/** One codec per list (lib/paging.ts); the `k` each schema requires keeps one list's cursor out of another. */
export const adminCursors = {
  users: cursorCodec(schemas.users),
  services: cursorCodec(schemas.services),
  reports: cursorCodec(schemas.reports),
  conversations: cursorCodec(schemas.conversations),
  messages: cursorCodec(schemas.messages),
  audit: cursorCodec(schemas.audit),
  appeals: cursorCodec(schemas.appeals),
};
