/** The account's limits and messages (decision 014), without their schemas: what a page shows needs no zod, which only its forms bring (decision 068). */

/** How long each emailed link works. */
export const VERIFY_EMAIL_TTL_HOURS = 24;

export const RESET_PASSWORD_TTL_MINUTES = 60;

/** 'Resend' of the verification email, per account. */
export const RESEND_VERIFICATION_PER_HOUR = 3;

/** 'Forgot password?' requests, per email address and per IP address. */
export const FORGOT_PASSWORD_PER_30_MIN = 5;

/** Tries of the current password (change of password or of email), per account; a success starts the count again. */
export const CURRENT_PASSWORD_TRIES_PER_HOUR = 10;

/** Email changes asked for, per account: each sends a link to an address the person typed. */
export const EMAIL_CHANGES_PER_HOUR = 5;

/** What the account-deletion dialog asks to be typed when the account has no password (OpenID Connect only). */
export const DELETE_CONFIRMATION_WORD = 'DELETE';

/** How other people see someone who deleted their account (messages, reviews, conversations). */
export const DELETED_USER_NAME = 'Deleted user';

/** Texts the account routes answer with and the pages show. */
export const ACCOUNT_MESSAGES = {
  /** The same answer whether or not an account has the address: nobody learns who has an account. */
  forgotPasswordSent: 'If an account exists for that email, we have sent it a link to reset the password. The link works for 1 hour.',
  invalidLink: 'This link is invalid or has expired. Please request a new one.',
  emailVerified: 'Your email address is verified.',
  emailChanged: 'Your email address has been changed.',
  verificationSent: (email: string) => `We sent a new verification link to ${email}.`,
  alreadyVerified: 'Your email address is already verified.',
  noEmail: 'Your account has no email address.',
  passwordChanged: 'Your password has been changed. Your other sessions have been signed out.',
  passwordReset: 'Your password has been reset and you are signed in.',
  wrongPassword: 'Current password is incorrect',
  currentPasswordRequired: 'Current password is required',
  noPasswordYet: 'Your account has no password yet. Use "Forgot your password?" on the sign-in page to set one.',
  sameEmail: 'This is already your email address',
  emailChangeSent: (email: string) => `We sent a link to ${email}. Your email address changes when you open it.`,
  avatarUpdated: 'Profile picture updated',
  avatarRemoved: 'Profile picture removed',
  accountDeleted: 'Your account has been deleted.',
  adminCannotDelete: 'The administrator account cannot be deleted from the profile page.',
  deleteConfirmationRequired: `Please type ${DELETE_CONFIRMATION_WORD} to confirm`,
  passwordRequired: 'Password is required',
  /** An account without a password confirms who it is at its sign-in provider instead (decision 016). */
  reauthRequired: 'For your safety, please confirm it is you: sign in again with your sign-in provider, then try again within 5 minutes.',
  reauthExplain: (provider: string) =>
    `Your account has no password here, so you confirm it is you at ${provider}: you will be asked to sign in there again, then come back to this page.`,
  reauthFailed: 'That sign-in did not confirm your account. Sign in with the same account you use here, and type your password when asked.',
  reauthUnavailable: "Your account has no password, and signing in with a provider is turned off. Set a password first ('Set a password' above).",
  recipientDeleted: 'This person has deleted their account.',
} as const;
