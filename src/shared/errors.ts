import { z } from 'zod';
import { errorCodes } from './error-codes.js';

/** Every non-2xx API answer has this shape; `code` is one of ERROR_CODES (decision 037). */
export const apiErrorSchema = z.object({
  message: z.string(),
  code: z.enum(errorCodes),
  errors: z.record(z.string(), z.string()).optional(),
  /** A suspended account's sign-in with the right password (decision 047): why, and where to appeal (null once appealed). */
  reason: z.string().nullable().optional(),
  appealUrl: z.string().nullable().optional(),
  /** `second_factor_required` (decision 061): set a second factor up first, or sign in again with the one there is. */
  secondFactor: z.enum(['set_up', 'sign_in_again']).optional(),
});
export type ApiErrorBody = z.infer<typeof apiErrorSchema>;
