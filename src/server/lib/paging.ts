import type { z } from 'zod';
import { badRequest } from './errors.js';

const INVALID_CURSOR = 'Invalid cursor';

/**
 * Where the next page of a list starts, opaque to clients: JSON in base64url. On the way back in it is checked
 * against its schema, so anything forged, truncated or taken from another list answers 400 'Invalid cursor' and
 * never reaches the database (where a value out of a column's range would be a 500). Each list's schema names
 * the list (`k`), so one list's cursor is refused by another.
 */
export function cursorCodec<S extends z.ZodType<object>>(schema: S) {
  return {
    encode: (position: z.output<S>): string => Buffer.from(JSON.stringify(position)).toString('base64url'),
    /** The position, or undefined when no cursor was given. */
    decode(raw: string | undefined): z.output<S> | undefined {
      if (raw === undefined || raw === '') return undefined;
      try {
        const parsed = schema.safeParse(JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')));
        if (parsed.success) return parsed.data;
      } catch {
        // fall through: any undecodable cursor gets the same answer
      }
      throw badRequest(INVALID_CURSOR, { errors: { cursor: INVALID_CURSOR } });
    },
  };
}

/**
 * A page from rows read with a limit one higher than asked: the extra row only tells that another page exists, and
 * the cursor points at the last row shown.
 */
export function pageOf<R>(rows: readonly R[], limit: number, cursorOf: (last: R) => string): { items: R[]; nextCursor: string | null } {
  const items = rows.slice(0, limit);
  const last = items.at(-1);
  return { items, nextCursor: rows.length > limit && last !== undefined ? cursorOf(last) : null };
}
