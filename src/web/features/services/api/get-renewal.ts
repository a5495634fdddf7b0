import { useQuery } from '@tanstack/react-query';
import type { ListingRenewal } from '#shared/listing-expiry.js';
import { api } from '#web/lib/api.js';

/** What an emailed renewal link would renew (decision 051), read without renewing: a mail scanner's visit changes nothing. */
export function getRenewal(id: number, token: string, signal?: AbortSignal): Promise<ListingRenewal> {
  return api.get<ListingRenewal>(`/api/services/${id}/renewal?token=${encodeURIComponent(token)}`, { signal });
}

export const renewalQueryKey = (id: number, token: string) => ['listing-renewal', id, token] as const;

/** Asked once: a refused link stays refused, and a renewed one is answered by the renewal itself. */
export function useRenewal(id: number, token: string, options: { enabled: boolean }) {
  return useQuery({
    queryKey: renewalQueryKey(id, token),
    queryFn: ({ signal }) => getRenewal(id, token, signal),
    enabled: options.enabled,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
}
