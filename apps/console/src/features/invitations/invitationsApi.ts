import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminInvitationCode, CreateInvitationCodeBody } from '@candor/contracts';
import { API, request } from '../../lib/api/client';

const key = ['invitation-codes'] as const;

export function useInvitationCodes() {
  return useQuery({ queryKey: key, queryFn: ({ signal }) => request<AdminInvitationCode[]>(API.adminInvitationCodes, { signal }) });
}

export function useCreateInvitationCode() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateInvitationCodeBody) => request<AdminInvitationCode>(API.adminInvitationCodes, { method: 'POST', body }),
    onSettled: () => void qc.invalidateQueries({ queryKey: key }),
  });
}

export function useSetInvitationCodeActive() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ code, active }: { code: string; active: boolean }) =>
      request<AdminInvitationCode>(`${API.adminInvitationCodes}/${encodeURIComponent(code)}`, { method: 'PATCH', body: { active } }),
    onSettled: () => void qc.invalidateQueries({ queryKey: key }),
  });
}
