import { z } from 'zod';
import { text } from './input.js';
import { emailSchema, newPasswordSchema } from './auth.js';
import { PASSWORD_MAX } from './limits.js';
import { ACCOUNT_MESSAGES } from './account-texts.js';
export * from './account-texts.js';

/**
 * Account care (decision 014): email verification, password reset, password and email change, the
 * avatar and account deletion. One definition for the forms and the routes, with the same messages.
 */

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
