import { useQuery } from '@tanstack/react-query';
import type { LiabilitiesProofResponse } from '@candor/contracts';
import { API } from '../../lib/wire';
import { api, isApiError } from '../../lib/api';
import { accountKeys } from '../../lib/queryKeys';

/** The caller's proof in the latest published tree; null while none includes them (NOT_FOUND). */
export function useLiabilitiesProof() {
  return useQuery({
    queryKey: accountKeys.liabilitiesProof,
    queryFn: async ({ signal }) => {
      try {
        return await api.get<LiabilitiesProofResponse>(API.liabilitiesProof, { signal });
      } catch (e) {
        if (isApiError(e) && e.status === 404) return null;
        throw e;
      }
    },
  });
}
