import { z } from 'zod';
import { badRequest } from '../../lib/errors.js';

/**
 * Opaque to clients: where the next page starts. `t`: newest first, after (c, i). `r`: relevance, in phase
 * `p` ('a', the search is all in the title; 'b', the rest), after (c, i) within that phase.
 */
const keyset = { c: z.string().min(1).max(64), i: z.number().int().positive() };
const cursorSchema = z.union([z.object({ k: z.literal('t'), ...keyset }), z.object({ k: z.literal('r'), p: z.enum(['a', 'b']), ...keyset })]);
export type Cursor = z.infer<typeof cursorSchema>;

export const encodeCursor = (cursor: Cursor) => Buffer.from(JSON.stringify(cursor)).toString('base64url');

export function decodeCursor(raw: string): Cursor {
  try {
    const parsed = cursorSchema.safeParse(JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')));
    if (parsed.success) return parsed.data;
  } catch {
    // fall through: any undecodable cursor gets the same answer
  }
  throw badRequest('Invalid cursor', { cursor: 'Invalid cursor' });
}
