/** The router's patterns for the pages whose address carries a parameter. */
export const routePatterns = {
  service: '/services/:id',
  editService: '/edit-service/:id',
  member: '/members/:username',
} as const;

const withQuery = (path: string, key: string, value: string | number) => `${path}?${key}=${encodeURIComponent(value)}`;

/**
 * Every page's address. The router (routes.tsx), the links and the navigations all read them here, so a page
 * cannot move without its links moving with it. Server paths (`/api/...`, sign-in and sign-out) are not pages.
 */
// The builders that read `paths` itself state their return type: TypeScript cannot infer it from an object still being defined.
export const paths = {
  home: '/',
  services: '/services',
  /** A category slug or numeric id, as the browse page reads it. */
  servicesInCategory: (category: string): string => withQuery(paths.services, 'category', category),
  /** Browse filtered by a search; a link to one listing is `service(id)`, its own page. */
  servicesMatching: (search: string): string => withQuery(paths.services, 'search', search),
  /** A listing's own page. */
  service: (id: number) => routePatterns.service.replace(':id', String(id)),
  createService: '/create-service',
  requestService: '/request-service',
  editService: (id: number) => routePatterns.editService.replace(':id', String(id)),
  myServices: '/my-services',
  /** A member's page (issue 18): who they are, their listings and the reviews they received. */
  member: (username: string) => routePatterns.member.replace(':username', encodeURIComponent(username)),
  messages: '/messages',
  conversation: (id: number): string => withQuery(paths.messages, 'conversation', id),
  about: '/about',
  terms: '/terms',
  acceptTerms: '/accept-terms',
  profile: '/profile',
  /** Back from confirming at the sign-in provider: the profile opens that step again. */
  profileConfirmStep: (step: string): string => withQuery(paths.profile, 'confirm', step),
  contact: '/contact',
  login: '/login',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  /** A suspended person's appeal, opened from the emailed or shown link (issue 18). */
  appeal: '/appeal',
  verifyEmail: '/verify-email',
  admin: '/admin',
  adminTab: (tab: string): string => withQuery(paths.admin, 'tab', tab),
} as const;
