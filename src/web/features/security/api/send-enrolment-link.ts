import { useMutation } from '@tanstack/react-query';
import type { AccountNotice } from '#shared/account.js';
import { api } from '#web/lib/api.js';

/**
 * POST /api/auth/second-factor-enrolment/email (202): emails an administrator the link that lets this session add a
 * first second factor under REQUIRE_ADMIN_2FA (decision 061), answering where it went; 403 `email_not_verified`, 409
 * `enrolment_not_needed`, 429.
 */
export function sendEnrolmentLink(): Promise<AccountNotice> {
  return api.post<AccountNotice>('/api/auth/second-factor-enrolment/email');
}

export function useSendEnrolmentLink() {
  return useMutation({ mutationFn: sendEnrolmentLink });
}
