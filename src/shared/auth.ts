import { z } from 'zod';
import { text } from './input.js';
import { MESSAGES } from './texts.js';
import { usZipSchema } from './services.js';
import { EMAIL_MAX, PASSWORD_MAX, PASSWORD_MIN, USERNAME_MAX, USERNAME_MIN } from './limits.js';

/** Username rules of the specification (§5), with the spec's messages. */
export const usernameSchema = text({ error: 'Username is required' })
  .trim()
  .min(USERNAME_MIN, 'Username must be at least 3 characters long')
  .max(USERNAME_MAX, 'Username must be at most 20 characters long')
  .regex(/^[A-Za-z0-9_]+$/, 'Username can only contain letters, numbers, and underscores');

export const emailSchema = text({ error: 'Email is required' })
  .trim()
  .min(1, 'Email is required')
  .max(EMAIL_MAX, 'Email is too long')
  .pipe(z.email('Please enter a valid email address'));

/**
 * A new password among the most common ones of a breach corpus (decision 017). The server holds the list; the
 * forms show this under the password field.
 */
export const PASSWORD_TOO_COMMON = 'This password is too common. Choose one that is harder to guess.';

export const newPasswordSchema = text({ error: 'Password is required' })
  .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters long`)
  .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters long`);

export const registerSchema = z.object({
  email: emailSchema,
  password: newPasswordSchema,
  // An empty field in the form means "derive one from my email".
  username: z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), usernameSchema.optional()),
});
export type RegisterInput = z.infer<typeof registerSchema>;

export const loginSchema = z.object({
  email: emailSchema,
  password: text({ error: 'Password is required' }).min(1, 'Password is required').max(PASSWORD_MAX, 'Password is too long'),
});
export type LoginInput = z.infer<typeof loginSchema>;

export const usernameUpdateSchema = z.object({ username: usernameSchema });
export const emailNotificationsSchema = z.object({ emailNotificationsEnabled: z.boolean() });
/**
 * PATCH /api/auth/home-zip (decision 052): the ZIP code browse starts near, 5 digits the bundled dataset
 * knows ('Enter a valid US ZIP code' otherwise, as browse says it), or null to forget it.
 */
export const homeZipSchema = z.object({ zipCode: usZipSchema.nullable() });
export type HomeZipInput = z.infer<typeof homeZipSchema>;
/** The profile's form: a ZIP to save (removing it is its own button, which sends null). */
export const homeZipFormSchema = z.object({ zipCode: usZipSchema });
export const HOME_ZIP_TEXTS = {
  tooMany: 'You have changed your home ZIP code many times in the last hour. Please try again later.',
} as const;
/** Changes of the home ZIP a member may make in an hour (a refused one costs nothing). */
export const HOME_ZIP_CHANGES_PER_HOUR = 30;
/**
 * Every write has a budget (decision 075): usernames a member may take in an hour (a name already taken costs
 * nothing), and changes of the profile's other settings (email notifications, accepting the terms).
 */
export const USERNAME_CHANGES_PER_HOUR = 20;
export const SETTINGS_CHANGES_PER_HOUR = 60;
export const AVATAR_REMOVALS_PER_HOUR = 60;
export const PROFILE_LIMIT_TEXTS = {
  tooManyUsernames: 'You have changed your username many times in the last hour. Please try again later.',
  tooManySettings: 'You have changed your settings many times in the last hour. Please try again later.',
  tooManyPictureRemovals: 'You have removed your picture many times in the last hour. Please try again later.',
} as const;

export const termsAcceptanceSchema = z.object({
  termsAccepted: z.literal(true, { error: 'You must accept the terms and conditions to continue.' }),
});

/** The User of the specification (§3), plus isAdmin. */
export const userSchema = z.object({
  id: z.string(),
  username: z.string().nullable(),
  email: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
  createdAt: z.string(),
  isBanned: z.boolean(),
  termsAccepted: z.boolean(),
  emailNotificationsEnabled: z.boolean(),
  /** The ZIP code browse starts near (decision 052), or null; only its owner is ever told it. */
  homeZip: z.string().nullable(),
  isAdmin: z.boolean(),
  /** Whether the person opened the link sent to `email` (decision 014). */
  emailVerified: z.boolean(),
  /** A new address waiting for its link to be opened, or null. */
  pendingEmail: z.string().nullable(),
  /** False for accounts that only ever signed in through OpenID Connect: no current password to ask for. */
  hasPassword: z.boolean(),
  /** Whether signing in asks for a code from an authenticator app after the password (decision 054). */
  twoStepEnabled: z.boolean(),
  /**
   * GET /api/auth/user only: until when a fresh sign-in at the provider lets an account without a password change
   * its email or delete itself (decision 016), or null.
   */
  reauthenticatedUntil: z.string().nullable().optional(),
});
export type User = z.infer<typeof userSchema>;

/** Only same-origin paths may be a post-sign-in destination: no scheme, no host, no protocol-relative `//`. */
export function safeReturnTo(value: unknown): string {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return '/';
  // Control characters (a smuggled newline or tab) have no place in a path of ours.
  if ([...value].some((c) => c.charCodeAt(0) < 0x20)) return '/';
  return value;
}

/** What the sign-in page offers: local accounts, an OpenID Connect provider (and whether it answers), or both. */
export const authProvidersSchema = z.object({
  local: z.boolean(),
  oidc: z.object({ name: z.string(), available: z.boolean() }).nullable(),
});
export type AuthProviders = z.infer<typeof authProvidersSchema>;

/**
 * Why an external sign-in came back to /login: the server sends a code (`/login?error=suspended`), the page
 * shows its text. Codes rather than texts, so nobody can make our page say something of their own.
 */
export const LOGIN_ERRORS = {
  suspended: MESSAGES.suspended,
  email_in_use:
    'An account with this email already exists. It can be linked to your sign-in provider only once the provider confirms the address is yours (a verified email).',
  link_unverified:
    "An account with this email already exists, but its address was never confirmed, so it cannot be linked to your sign-in provider. If the address is yours, use 'Forgot your password?' below: the emailed link proves it and lets you in. Then you can sign in with your provider too.",
  denied: 'The sign-in was cancelled or refused by the provider. Please try again.',
  expired: 'That sign-in took too long or was already used. Please try again.',
  unavailable: MESSAGES.oidcUnavailable,
} as const;
export type LoginErrorCode = keyof typeof LOGIN_ERRORS;

/** The text for a `?error=` code of /login, or null for none or one we never send. */
export function loginErrorMessage(code: string | null | undefined): string | null {
  return code && Object.hasOwn(LOGIN_ERRORS, code) ? LOGIN_ERRORS[code as LoginErrorCode] : null;
}

/** `/login`, with the reason and the page to go back to afterwards. */
/** `/login?mode=signup` opens the sign-in page on its 'Create account' tab (the 'Sign up' links). */
export const SIGN_UP_MODE = 'signup';

/** The sign-in page's parameter naming a second step that waits (`/login?secondStep=code,passkey`). */
export const SECOND_STEP_PARAM = 'secondStep';

export function loginPageUrl(returnTo: string, error?: LoginErrorCode, options: { signUp?: boolean; secondStep?: readonly string[] } = {}): string {
  const params = new URLSearchParams();
  if (options.signUp) params.set('mode', SIGN_UP_MODE);
  // After a provider's sign-in that still needs this account's second step (decision 061): the ways it can be given.
  if (options.secondStep) params.set(SECOND_STEP_PARAM, options.secondStep.join(','));
  if (error) params.set('error', error);
  if (returnTo !== '/') params.set('returnTo', returnTo);
  const query = params.toString();
  return query ? `/login?${query}` : '/login';
}
