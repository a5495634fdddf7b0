import { z } from 'zod';
import { changePasswordSchema, resetPasswordSchema } from '#shared/account.js';

/** Only the forms ask for the new password twice; the server checks the one it receives with the shared rules. */
export const PASSWORDS_DIFFER = 'The two passwords do not match';

export const resetPasswordFormSchema = resetPasswordSchema
  .pick({ password: true })
  .extend({ confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, { message: PASSWORDS_DIFFER, path: ['confirmPassword'] });
export type ResetPasswordFormValues = z.output<typeof resetPasswordFormSchema>;

export const changePasswordFormSchema = changePasswordSchema
  .extend({ confirmPassword: z.string() })
  .refine((v) => v.newPassword === v.confirmPassword, { message: PASSWORDS_DIFFER, path: ['confirmPassword'] });
export type ChangePasswordFormValues = z.output<typeof changePasswordFormSchema>;
