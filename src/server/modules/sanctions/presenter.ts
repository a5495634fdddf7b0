import type { Appeal } from '#shared/sanctions.js';
import type { AppealRow, BanRow } from './repository.js';

/** The appeal as the suspended person who sent it reads it back: never the ban, the note or who decided. */
export function presentAppeal(row: AppealRow): Appeal {
  return { id: row.id, status: row.status, createdAt: row.createdAt.toISOString() };
}

/**
 * What a suspended person learns at sign-in once their password is right (the refusal's details): the ban's reason
 * and where to appeal, null once an appeal was sent. Never who banned them.
 */
export function presentSuspension(ban: BanRow, appealUrl: string | null): { reason: string | null; appealUrl: string | null } {
  return { reason: ban.reason, appealUrl };
}
