/**
 * The avatar URL rule on its own, without zod: the navbar's avatar is part of the first page load, and importing
 * it from account.ts would pull zod into the entry bundle. account.ts re-exports it.
 */

/** The small variant of an avatar stored here (`/api/images/{id}` → `/api/images/{id}/card`); other URLs as they are. */
export function smallAvatarUrl(url: string | null): string | null {
  if (!url) return null;
  return /^\/api\/images\/[A-Za-z0-9-]+$/.test(url) ? `${url}/card` : url;
}
