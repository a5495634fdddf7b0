import { useMutation } from '@tanstack/react-query';
import type { CreateReport, Report } from '#shared/reports.js';
import { api } from '#web/lib/api.js';

interface Variables extends CreateReport {
  serviceId: number;
}

/** The specification (§7): on failure the client reads the message of the JSON body. */
export function reportService({ serviceId, ...report }: Variables): Promise<Report> {
  return api.post<Report>(`/api/services/${serviceId}/report`, report);
}

export function useReportService() {
  return useMutation({ mutationFn: reportService });
}
