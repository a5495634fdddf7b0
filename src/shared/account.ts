import { z } from 'zod';
import { text } from './input.js';
import { emailSchema, newPasswordSchema } from './auth.js';
import { PASSWORD_MAX } from './limits.js';

/**
 * Account care (decision 014): email verification, password reset, password and email change, the
 * avatar and account deletion. One definition for the forms and the routes, with the same messages.
 */

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

/** A token from an emailed link: 43 base64url characters (32 random bytes). */
export const accountTokenSchema = text({ error: ACCOUNT_MESSAGES.invalidLink })
  .trim()
  .regex(/^[A-Za-z0-9_-]{43}$/, ACCOUNT_MESSAGES.invalidLink);

const currentPasswordSchema = text({ error: ACCOUNT_MESSAGES.currentPasswordRequired })
  .min(1, ACCOUNT_MESSAGES.currentPasswordRequired)
  .max(PASSWORD_MAX, 'Password is too long');

/** POST /api/auth/verify-email: confirms the address a link was sent to (after sign-up, or a new address). */
export const verifyEmailSchema = z.object({ token: accountTokenSchema });

/** POST /api/auth/forgot-password. */
export const forgotPasswordSchema = z.object({ email: emailSchema });

/** POST /api/auth/reset-password: a new password with the same rules as sign-up. */
export const resetPasswordSchema = z.object({ token: accountTokenSchema, password: newPasswordSchema });

/** POST /api/auth/change-password. */
export const changePasswordSchema = z.object({ currentPassword: currentPasswordSchema, newPassword: newPasswordSchema });

/** POST /api/auth/change-email: the current password is required when the account has one. */
export const changeEmailSchema = z.object({ newEmail: emailSchema, currentPassword: currentPasswordSchema.optional() });

/** DELETE /api/auth/account: the password when the account has one, else the typed word. */
export const deleteAccountSchema = z.object({
  password: text().max(PASSWORD_MAX, 'Password is too long').optional(),
  confirmation: text().max(50).optional(),
});

/** The answer of the routes that change nothing a page shows but a sentence. */
export const accountNoticeSchema = z.object({ message: z.string() });
export type AccountNotice = z.infer<typeof accountNoticeSchema>;
/** What a verification link did: confirmed the address, or moved the account to a new one. */
export const emailVerifiedSchema = accountNoticeSchema.extend({ outcome: z.enum(['verified', 'email_changed']) });
export type EmailVerified = z.infer<typeof emailVerifiedSchema>;

export type VerifyEmailInput = z.infer<typeof verifyEmailSchema>;
export type ForgotPasswordInput = z.infer<typeof forgotPasswordSchema>;
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;
export type ChangeEmailInput = z.infer<typeof changeEmailSchema>;
export type DeleteAccountInput = z.infer<typeof deleteAccountSchema>;

/** The small variant of an avatar (kept in a zod-free module so the navbar can use it without loading zod). */
export { smallAvatarUrl } from './avatar.js';
