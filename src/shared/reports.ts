/** Reporting rules of spec sections 3, 5, 8 and 9 and issue 5: one definition for the dialog and the API. */
import { z } from 'zod';
import { text } from './input.js';
import { REPORT_DESCRIPTION_MAX, REPORT_REASONS, REPORT_STATUSES, REPORT_TEXTS } from './report-texts.js';

export * from './report-texts.js';

/** POST /api/services/{id}/report, and the Report dialog. */
export const createReportSchema = z.object({
  reason: z.enum(REPORT_REASONS, { error: REPORT_TEXTS.reasonRequired }),
  description: z.preprocess(
    (v) => (v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v),
    text().trim().max(REPORT_DESCRIPTION_MAX, REPORT_TEXTS.descriptionTooLong).optional(),
  ),
});
export type CreateReport = z.infer<typeof createReportSchema>;

/** The Report of spec section 3 as its reporter receives it; the administrator's view adds the people and listing details. */
export const reportSchema = z.object({
  id: z.number(),
  status: z.enum(REPORT_STATUSES),
  reason: z.enum(REPORT_REASONS),
  description: z.string().nullable(),
  createdAt: z.string(),
  reporter: z.object({ id: z.string(), username: z.string().nullable() }),
  service: z.object({ id: z.number(), title: z.string() }),
  reviewedBy: z.string().nullable(),
  reviewedAt: z.string().nullable(),
});
export type Report = z.infer<typeof reportSchema>;
