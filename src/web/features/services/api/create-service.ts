import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateService, Service } from '../../../../shared/services.js';
import { api } from '../../../lib/api.js';
import { invalidateServiceQueries } from './query-keys.js';

/** JSON has no undefined: a rate left empty travels as null (spec section 5). */
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
