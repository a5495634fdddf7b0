import { DELETED_USER_NAME } from '#shared/account.js';

/**
 * How a person appears to everyone else. A deleted account keeps its row (decision 014) with every personal
 * field already empty, so only the name needs a stand-in: messages, reviews and conversations keep pointing at
 * the same id and read 'Deleted user'. `deletedAt` itself never leaves the server.
 */
export function asSeenByOthers<P extends { username: string | null; deletedAt: Date | null }>(person: P): Omit<P, 'deletedAt'> {
  const { deletedAt, ...shown } = person;
  return deletedAt ? { ...shown, username: DELETED_USER_NAME } : shown;
}
