import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { LimitsResponse, PutLimitsBody } from '@candor/contracts';
import { API } from '../../lib/wire';
import { api } from '../../lib/api';
import { accountKeys } from '../../lib/queryKeys';
import { useSession } from '../../lib/session';

/** The user's responsible-trading limits (under the profile's key: signing out clears it). */
export function useLimits(enabled = true) {
  return useQuery({ queryKey: accountKeys.limits, queryFn: ({ signal }) => api.get<LimitsResponse>(API.limits, { signal }), enabled });
}

/** The limits answer of a change becomes the cached one. */
function useLimitsMutation<B>(send: (body: B) => Promise<LimitsResponse>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: send, onSuccess: (data) => qc.setQueryData(accountKeys.limits, data) });
}

export const useSaveLimits = () => useLimitsMutation((body: PutLimitsBody) => api.put<LimitsResponse>(API.limits, body));
export const useTimeOut = () => useLimitsMutation((days: number) => api.post<LimitsResponse>(API.timeOut, { days }));
export const useSelfExclusion = () => useLimitsMutation((months: number) => api.post<LimitsResponse>(API.selfExclusion, { months }));

/** Whether a user is signed in (the reminder runs only then). */
export function useSignedIn(): boolean {
  return useSession().status === 'authenticated';
}
