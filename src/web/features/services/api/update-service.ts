import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Service, UpdateService } from '#shared/services.js';
import { invalidateServiceQueries, serviceKeys } from '#web/core/cache/index.js';
import { api } from '#web/lib/api.js';

type Nullable<T, K extends keyof T> = Omit<T, K> & { [P in K]-?: Exclude<T[P], undefined> | null };

/** Cleared fields travel as null so the server clears them too (an omitted key would keep the old value). */
export type UpdateServiceBody = Nullable<UpdateService, 'rate' | 'zipCode' | 'city' | 'state'>;

export function updateService(id: number, body: UpdateServiceBody): Promise<Service> {
  return api.put<Service>(`/api/services/${id}`, body);
}

export function useUpdateService(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateServiceBody) => updateService(id, body),
    onSuccess: (service) => {
      queryClient.setQueryData(serviceKeys.detail(id), service);
      return invalidateServiceQueries(queryClient);
    },
  });
}
