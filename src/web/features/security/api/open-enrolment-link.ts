import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { enrolmentOpenAnswerSchema, enrolmentOpenSchema } from '#shared/two-step.js';
import { api } from '#web/lib/api.js';

type EnrolmentOpenInput = z.infer<typeof enrolmentOpenSchema>;
type EnrolmentOpenAnswer = z.infer<typeof enrolmentOpenAnswerSchema>;

/**
 * POST /api/auth/second-factor-enrolment: spends the emailed link's token in this signed-in session, which may then add
 * a second factor until `enrolmentUntil` (decision 061); 400 `invalid_link` for a used, replaced or another account's link.
 */
export function openEnrolmentLink(input: EnrolmentOpenInput): Promise<EnrolmentOpenAnswer> {
  return api.post<EnrolmentOpenAnswer>('/api/auth/second-factor-enrolment', input);
}

export function useOpenEnrolmentLink() {
  return useMutation({ mutationFn: openEnrolmentLink });
}
