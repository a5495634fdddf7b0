/**
 * A fresh sign-in at the provider (decision 016): what an account without a password shows instead of its
 * current password before it changes its email or deletes itself. Nothing is stored for it: the session's ID
 * token (checked by openid-client at the callback, kept server-side) carries the provider's `auth_time`.
 */

/** How long after typing their credentials at the provider a person may change their email or delete the account. */
export const REAUTH_WINDOW_MS = 5 * 60 * 1000;
/** Clocks of the provider and of this server may differ a little. */
const CLOCK_SKEW_MS = 60 * 1000;

/** The provider's `auth_time` (milliseconds) in a stored ID token, or undefined when it has none. */
function authTimeOf(idToken: string): number | undefined {
  try {
    const payload: unknown = JSON.parse(Buffer.from(idToken.split('.')[1] ?? '', 'base64url').toString('utf8'));
    const authTime = (payload as { auth_time?: unknown } | null)?.auth_time;
    return typeof authTime === 'number' && Number.isFinite(authTime) ? authTime * 1000 : undefined;
  } catch {
    return undefined;
  }
}

/** Until when the session's last sign-in at the provider counts as fresh, or null when it does not (or never began there). */
export function reauthenticatedUntil(idToken: string | null | undefined, now = Date.now()): Date | null {
  const authTime = idToken ? authTimeOf(idToken) : undefined;
  if (authTime === undefined || authTime > now + CLOCK_SKEW_MS) return null;
  const until = authTime + REAUTH_WINDOW_MS;
  return until > now ? new Date(until) : null;
}

/** Whether the provider really asked for the credentials during this flow, which began at `startedAt`. */
export function authenticatedSince(authTime: number | undefined, startedAt: number): boolean {
  return authTime !== undefined && authTime >= startedAt - CLOCK_SKEW_MS;
}
