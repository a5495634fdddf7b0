import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateService, Service } from '#shared/services.js';
import { invalidateServiceQueries } from '#web/core/cache/index.js';
import { api } from '#web/lib/api.js';

/** JSON has no undefined: a rate left empty travels as null (the specification, §5). */
export type CreateServiceBody = Omit<CreateService, 'rate'> & { rate: number | null };

export function createService(body: CreateServiceBody): Promise<Service> {
  return api.post<Service>('/api/services', body);
}

export function useCreateService() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createService,
    onSuccess: () => invalidateServiceQueries(queryClient),
  });
}
