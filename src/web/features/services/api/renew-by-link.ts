import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ListingRenewal } from '#shared/listing-expiry.js';
import { invalidateServiceQueries } from '#web/core/cache/index.js';
import { api } from '#web/lib/api.js';
import { renewalQueryKey } from './get-renewal.js';

/** Renews through an emailed link (decision 051), with or without being signed in; the link then stops working. */
export function renewByLink(input: { id: number; token: string }): Promise<ListingRenewal> {
  return api.post<ListingRenewal>(`/api/services/${input.id}/renewal`, { token: input.token });
}

export function useRenewByLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: renewByLink,
    onSuccess: (renewal, input) => {
      queryClient.setQueryData(renewalQueryKey(input.id, input.token), renewal);
      return invalidateServiceQueries(queryClient);
    },
  });
}
