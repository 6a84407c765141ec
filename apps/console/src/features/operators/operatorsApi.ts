import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateOperatorBody, OperatorAccount, UpdateOperatorBody } from '@candor/contracts';
import { API, request } from '../../lib/api/client';

export const operatorsKey = ['admin-operators'] as const;

export function useOperatorAccounts() {
  return useQuery({ queryKey: operatorsKey, queryFn: ({ signal }) => request<OperatorAccount[]>(API.adminOperators, { signal }) });
}

export function useCreateOperator() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateOperatorBody) => request<OperatorAccount>(API.adminOperators, { method: 'POST', body }),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: operatorsKey });
      void qc.invalidateQueries({ queryKey: ['audit'] });
    },
  });
}

export function useUpdateOperator() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateOperatorBody }) =>
      request<OperatorAccount>(`${API.adminOperators}/${encodeURIComponent(id)}`, { method: 'PATCH', body }),
    onSuccess: (updated) => {
      qc.setQueryData<OperatorAccount[]>(operatorsKey, (list) => list?.map((o) => (o.id === updated.id ? updated : o)));
      void qc.invalidateQueries({ queryKey: operatorsKey });
      void qc.invalidateQueries({ queryKey: ['audit'] });
    },
  });
}
