import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateReport, MemberReport, MessageReport } from '#shared/reports.js';
import { api } from '#web/lib/api.js';
import { myReportsKey } from './my-reports.js';

/** A member, or a message in one of the person's conversations (decision 046). */
export type ReportTarget = { kind: 'member'; id: string; name: string } | { kind: 'message'; id: number; name: string };

/** POST /api/users/{id}/report or POST /api/messages/{id}/report. */
export function reportPerson(target: ReportTarget, report: CreateReport): Promise<MemberReport | MessageReport> {
  return target.kind === 'member'
    ? api.post<MemberReport>(`/api/users/${encodeURIComponent(target.id)}/report`, report)
    : api.post<MessageReport>(`/api/messages/${target.id}/report`, report);
}

export function useReportPerson(target: ReportTarget) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (report: CreateReport) => reportPerson(target, report),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: myReportsKey }),
  });
}
