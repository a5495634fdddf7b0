import { z } from 'zod';
import { cursorCodec } from '../../lib/paging.js';

/** Opaque to clients: the id of the oldest message already shown; the next page reads the ones before it. */
export const historyCursor = cursorCodec(z.object({ k: z.literal('history'), i: z.number().int().positive().max(Number.MAX_SAFE_INTEGER) }));
