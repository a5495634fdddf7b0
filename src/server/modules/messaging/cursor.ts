import { badRequest } from '../../lib/errors.js';

/** Opaque to clients: the id of the oldest message already shown; the next page reads the ones before it. */
export const encodeMessageCursor = (beforeId: number) => Buffer.from(`m${beforeId}`).toString('base64url');

export function decodeMessageCursor(raw: string): number {
  const match = /^m(\d{1,15})$/.exec(Buffer.from(raw, 'base64url').toString('utf8'));
  const id = match ? Number(match[1]) : NaN;
  if (!Number.isSafeInteger(id) || id < 1) throw badRequest('Invalid cursor', { cursor: 'Invalid cursor' });
  return id;
}
