/**
 * The accounts' cookies (the session, the second step of a sign-in, the browser's device cookie) share their rules:
 * on https they are Secure and named `__Host-{name}`, which browsers accept only when Secure, `Path=/` and without a
 * Domain, so a neighbouring subdomain or a plain-http page cannot plant or shadow them (decision 017).
 */

/** Whether the app is served over https (its PUBLIC_URL). */
export const isHttps = (publicUrl: string) => publicUrl.startsWith('https:');

/** The cookie's name as set and read: `__Host-{name}` on https, `{name}` on plain http (development, tests). */
export const hostCookieName = (name: string, publicUrl: string) => (isHttps(publicUrl) ? `__Host-${name}` : name);

/** What every such cookie is set and cleared with: the whole site, never readable by scripts, sent on top-level visits. */
export const hostCookieOptions = (publicUrl: string) => ({ path: '/', httpOnly: true, sameSite: 'lax' as const, secure: isHttps(publicUrl) });
