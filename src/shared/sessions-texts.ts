import type { SignInMethod } from './two-step.js';

/**
 * The profile's 'Where you are signed in' (decision 054): its words, for the section and its tests. The
 * server's own answers (a session that already ended) are `TWO_STEP_TEXTS` in two-step.ts; this file has no zod.
 */

/** The fragment of /profile the new-device email links to (the server's SESSIONS_PAGE_PATH). */
export const SESSIONS_SECTION_ID = 'sessions';

/** How each session began, as the list says it. */
export const SIGN_IN_METHOD_TEXTS: Record<SignInMethod, string> = {
  password: 'Signed in with a password',
  second_factor: 'Signed in with a password and an authenticator code',
  password_and_passkey: 'Signed in with a password and a passkey',
  passkey: 'Signed in with a passkey',
  oidc: 'Signed in with an external provider',
  sign_up: 'Signed up',
};

export const SESSIONS_TEXTS = {
  title: 'Where you are signed in',
  /** A session that began with a second factor (decision 061): a code after the password, or a passkey that verified the person. */
  secondFactorBadge: 'Two steps',
  help: 'The browsers signed in to your account. Sign out any you do not recognise, then change your password.',
  loading: 'Loading where you are signed in',
  failure: 'Could not load where you are signed in.',
  /** Never expected (this browser is signed in), but a list can come back empty. */
  empty: 'No sessions to show.',
  /** The session began with no method recorded (before the list existed). */
  signedInUnknownMethod: 'Signed in',
  thisDevice: 'This device',
  activeNow: 'Active now',
  signOut: 'Sign out',
  signingOut: 'Signing out...',
  signOutEverywhereElse: 'Sign out everywhere else',
  signOutFailed: 'Could not sign that session out. Please try again.',
  signedOutOne: 'Signed out of that session',
  noOtherSessions: 'There were no other sessions to sign out of.',
  /** The server lists at most SESSIONS_LISTED_MAX; 'Sign out everywhere else' reaches the rest too. */
  listCapped: (max: number) => `Showing the ${max} most recent. 'Sign out everywhere else' also signs out any older ones.`,
} as const;

/** 'Chrome 120 on Windows 10'; what is known when the browser's agent says little or nothing. */
export function describeBrowser(session: { browser: string | null; system: string | null }): string {
  const { browser, system } = session;
  if (browser && system) return `${browser} on ${system}`;
  if (browser) return browser;
  if (system) return `A browser on ${system}`;
  return 'An unknown browser';
}

/** The toast after 'Sign out everywhere else'. */
export function signedOutOthersText(count: number): string {
  if (count === 0) return SESSIONS_TEXTS.noOtherSessions;
  return `Signed out of ${count} other ${count === 1 ? 'session' : 'sessions'}`;
}

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/**
 * When a session was last used, as of `now`. The server moves `lastSeenAt` at most hourly, so nothing finer than an
 * hour is claimed; after a week, the day (`day` formats it in the reader's time zone).
 */
export function lastActiveText(lastSeenAt: string, now: number, day: (iso: string) => string): string {
  const ago = Math.max(0, now - new Date(lastSeenAt).getTime());
  if (ago < HOUR_MS) return 'Last active within the hour';
  if (ago < DAY_MS) {
    const hours = Math.floor(ago / HOUR_MS);
    return `Last active ${hours} ${hours === 1 ? 'hour' : 'hours'} ago`;
  }
  if (ago < 7 * DAY_MS) {
    const days = Math.floor(ago / DAY_MS);
    return `Last active ${days} ${days === 1 ? 'day' : 'days'} ago`;
  }
  return `Last active ${day(lastSeenAt)}`;
}
