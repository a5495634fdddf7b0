/** Sanctions with reasons, and appeals (decision 047): one definition for the dialogs, the appeal page and the API. */
import { z } from 'zod';
import { pageQuery } from './admin.js';
import { text } from './input.js';
import { APPEAL_MESSAGE_MAX, APPEAL_NOTE_MAX, APPEAL_STATUSES, BAN_REASON_MAX, SANCTION_TEXTS } from './sanction-texts.js';

export * from './sanction-texts.js';

const optionalText = (max: number, message: string) =>
  z.preprocess((v) => (v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v), text().trim().max(max, message).optional());

/**
 * POST /api/admin/users/{id}/ban and DELETE /api/admin/services/{id}: an optional reason; the spec's calls without a
 * body still work.
 */
export const sanctionBodySchema = z.object({ reason: optionalText(BAN_REASON_MAX, SANCTION_TEXTS.reasonTooLong) }).nullish();
export type SanctionBody = z.infer<typeof sanctionBodySchema>;

/** POST /api/appeals: the link's token and the person's words. */
export const createAppealSchema = z.object({
  token: text().min(1, SANCTION_TEXTS.invalidAppealLink).max(200, SANCTION_TEXTS.invalidAppealLink),
  message: text({ error: SANCTION_TEXTS.messageRequired }).trim().min(1, SANCTION_TEXTS.messageRequired).max(APPEAL_MESSAGE_MAX, SANCTION_TEXTS.messageTooLong),
});
export type CreateAppeal = z.infer<typeof createAppealSchema>;

export const appealSchema = z.object({ id: z.number(), status: z.enum(APPEAL_STATUSES), createdAt: z.string() });
export type Appeal = z.infer<typeof appealSchema>;

/** POST /api/admin/appeals/{id}/decision. */
export const appealDecisionSchema = z.object({
  decision: z.enum(['lift', 'uphold']),
  note: optionalText(APPEAL_NOTE_MAX, SANCTION_TEXTS.noteTooLong),
});
export type AppealDecision = z.infer<typeof appealDecisionSchema>;

/** `status` absent or 'all' lists every appeal. */
export const adminAppealsQuerySchema = z.object({
  ...pageQuery,
  status: z.preprocess((v) => (v === '' || v === 'all' ? undefined : v), z.enum(APPEAL_STATUSES).optional()),
});

const personSchema = z.object({ id: z.string(), username: z.string().nullable(), email: z.string().nullable() });

export const adminAppealSchema = z.object({
  id: z.number(),
  status: z.enum(APPEAL_STATUSES),
  message: z.string(),
  createdAt: z.string(),
  user: personSchema.extend({ isBanned: z.boolean() }),
  ban: z.object({ reason: z.string().nullable(), createdAt: z.string(), bannedBy: personSchema.nullable() }),
  note: z.string().nullable(),
  decidedBy: personSchema.nullable(),
  decidedAt: z.string().nullable(),
});
export type AdminAppeal = z.infer<typeof adminAppealSchema>;
export const adminAppealsPageSchema = z.object({ appeals: z.array(adminAppealSchema), total: z.number().int(), nextCursor: z.string().nullable() });
export type AdminAppealsPage = z.infer<typeof adminAppealsPageSchema>;
