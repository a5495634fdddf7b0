/**
 * Addresses no crawler should read: the API, and the pages that belong to one signed-in person or to a step of
 * signing in (the web app's router names them all). Each is a prefix, as robots.txt reads them.
 */
export const PRIVATE_PATHS = [
  '/api/',
  '/admin',
  '/messages',
  '/profile',
  '/my-services',
  '/create-service',
  '/request-service',
  '/edit-service/',
  '/accept-terms',
  '/login',
  '/forgot-password',
  '/reset-password',
  '/verify-email',
];

/**
 * Listing and profile pictures are as public as the pages that show them: link previews (whose crawlers obey
 * robots.txt) and image search may fetch them. The longer rule wins over `Disallow: /api/`.
 */
const PUBLIC_API_PATHS = ['/api/images/'];

/**
 * robots.txt for the marketplace at `publicUrl`. Crawlers read it at the root of the host only, so when the app is
 * served under a path (`https://example.org/market`) every rule carries that path.
 */
export function robotsTxt(publicUrl: string): string {
  const base = new URL(publicUrl).pathname.replace(/\/+$/, '');
  return [
    'User-agent: *',
    `Allow: ${base}/`,
    ...PUBLIC_API_PATHS.map((path) => `Allow: ${base}${path}`),
    ...PRIVATE_PATHS.map((path) => `Disallow: ${base}${path}`),
    '',
    `Sitemap: ${publicUrl}/sitemap.xml`,
    '',
  ].join('\n');
}
