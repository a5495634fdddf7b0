/** Reporting rules of the specification (§3, §5, §8 and §9) and decision 011: one definition for the dialog and the API. */
import { z } from 'zod';
import { text } from './input.js';
import { REPORT_DESCRIPTION_MAX, REPORT_KINDS, REPORT_REASONS, REPORT_STATUSES, REPORT_TEXTS } from './report-texts.js';

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

/** What every report says of itself, whatever it is about. */
const reportFields = {
  id: z.number(),
  status: z.enum(REPORT_STATUSES),
  reason: z.enum(REPORT_REASONS),
  description: z.string().nullable(),
  createdAt: z.string(),
  reporter: z.object({ id: z.string(), username: z.string().nullable() }),
  reviewedBy: z.string().nullable(),
  reviewedAt: z.string().nullable(),
};

/** The Report of the specification (§3) as its reporter receives it (and, beyond the spec, its `kind`; decision 046). */
export const reportSchema = z.object({ ...reportFields, kind: z.literal('service'), service: z.object({ id: z.number(), title: z.string() }) });
export type Report = z.infer<typeof reportSchema>;

/** POST /api/users/{id}/report: a report of a member (decision 046). */
export const memberReportSchema = z.object({ ...reportFields, kind: z.literal('member'), reportedUser: z.object({ id: z.string(), username: z.string().nullable() }) });
export type MemberReport = z.infer<typeof memberReportSchema>;

/** POST /api/messages/{id}/report: a report of a message, by a participant of its conversation (decision 046). */
export const messageReportSchema = z.object({ ...reportFields, kind: z.literal('message'), message: z.object({ id: z.number(), conversationId: z.number() }) });
export type MessageReport = z.infer<typeof messageReportSchema>;

/** One of the reporter's own reports, as GET /api/my-reports lists them: what it was about, and what became of it. */
export const myReportSchema = z.object({
  id: z.number(),
  kind: z.enum(REPORT_KINDS),
  status: z.enum(REPORT_STATUSES),
  reason: z.enum(REPORT_REASONS),
  createdAt: z.string(),
  reviewedAt: z.string().nullable(),
  /** The listing's title, or the member's username (for a message, its sender's). */
  target: z.union([z.object({ title: z.string() }), z.object({ username: z.string() })]),
});
export type { MyReport } from './report-texts.js';
/** The newest reports a person sees of their own. */
export const MY_REPORTS_MAX = 100;
export const myReportsSchema = z.object({ reports: z.array(myReportSchema) });
export type MyReports = z.infer<typeof myReportsSchema>;
