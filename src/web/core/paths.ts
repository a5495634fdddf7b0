/** The router's patterns for the pages whose address carries a parameter. */
export const routePatterns = {
  service: '/services/:id',
  /** An emailed renewal link's page (decision 051): `?token=…`. */
  renewService: '/services/:id/renew',
  editService: '/edit-service/:id',
  member: '/members/:username',
} as const;

const withQuery = (path: string, key: string, value: string | number) => `${path}?${key}=${encodeURIComponent(value)}`;

/**
 * Every page's address. The router (app/routes.tsx), the links and the navigations all read them here, so a page
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
  /** A listing's own page; `near`, the ZIP code the reader searched around, makes it say how far away it is (decision 052). */
  service: (id: number, near?: string): string => {
    const path = routePatterns.service.replace(':id', String(id));
    return near ? withQuery(path, 'near', near) : path;
  },
  createService: '/create-service',
  requestService: '/request-service',
  editService: (id: number) => routePatterns.editService.replace(':id', String(id)),
  /** The page an expiry reminder's 'Renew listing' opens (decision 051); it renews with a POST, never on opening. */
  renewService: (id: number, token: string): string => withQuery(routePatterns.renewService.replace(':id', String(id)), 'token', token),
  myServices: '/my-services',
  /** The member's saved searches and their alerts (decision 053). */
  savedSearches: '/saved-searches',
  /** An alert email's 'stop these emails' link: `?token=…`; it stops them with a POST, never on opening. */
  unsubscribeSavedSearch: '/saved-searches/unsubscribe',
  /** A member's page (decision 049): who they are, their listings and the reviews they received. */
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
  /** A suspended person's appeal, opened from the emailed or shown link (decision 047). */
  appeal: '/appeal',
  verifyEmail: '/verify-email',
  /**
   * An administrator's emailed enrolment link (decision 061): `?token=…`. The server's SECOND_FACTOR_ENROLMENT_PATH,
   * written out so that this map, in the entry bundle, does not import the shared two-step schemas.
   */
  secondFactorEnrolment: '/profile/second-step',
  admin: '/admin',
  adminTab: (tab: string): string => withQuery(paths.admin, 'tab', tab),
} as const;
