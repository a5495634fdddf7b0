export const SITE_NAME = 'Community Services Marketplace';

/** Where the footer's "follow us" link points. */
export const SOCIAL_PROFILE = { network: 'Facebook', url: 'https://www.facebook.com/' } as const;

/** Address of the external sign-in flow; a full page load, never a router navigation. */
export function loginUrl(returnTo?: string): string {
  return returnTo ? `/api/login?returnTo=${encodeURIComponent(returnTo)}` : '/api/login';
}

/** The 'Sign up' links: the sign-in flow, opening on the 'Create account' tab where there is one. */
export const SIGN_UP_URL = '/api/login?mode=signup';

export const LOGOUT_URL = '/api/logout';

/** The path and query of the current page, used as a post-sign-in destination. */
export function currentPath(): string {
  return window.location.pathname + window.location.search;
}
