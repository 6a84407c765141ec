import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { KycView } from '@candor/contracts';
import { api } from '../../lib/api';
import { accountKeys, kycKeys } from '../../lib/queryKeys';
import { useSession } from '../../lib/session';
import { useSocketEvent, useSocketReconnect } from '../../lib/socket';
import { useUpload } from '../../lib/useUpload';
import { API } from '../../lib/wire';
import type { IdentityInput } from '@candor/domain';

/** GET /api/kyc: the user's verification. */
export function useKyc() {
  const { status } = useSession();
  return useQuery({
    queryKey: kycKeys.status,
    queryFn: ({ signal }) => api.get<KycView>(API.kyc, { signal }),
    enabled: status === 'authenticated',
    staleTime: 5_000,
  });
}

/**
 * Keeps the verification and the profile's flag current: a reviewer's decision arrives as the `kyc` event
 * (the same view as GET /api/kyc); after a reconnect both are asked again, as an event may have been missed.
 */
export function useLiveKyc(): void {
  const qc = useQueryClient();
  useSocketEvent('kyc', (view) => {
    qc.setQueryData(kycKeys.status, view);
    void qc.invalidateQueries({ queryKey: accountKeys.me, exact: true });
  });
  useSocketReconnect(() => {
    void qc.invalidateQueries({ queryKey: kycKeys.status });
    void qc.invalidateQueries({ queryKey: accountKeys.me, exact: true });
  });
}

export interface KycSubmission {
  identity: IdentityInput;
  front: File;
  back: File;
}

/** POST /api/kyc (multipart) with upload progress; the answer (pending) replaces the shown verification. */
export function useSubmitKyc() {
  const qc = useQueryClient();
  return useUpload<KycSubmission, KycView>(
    ({ identity, front, back }) => {
      const form = new FormData();
      form.set('name', identity.name);
      form.set('idNumber', identity.idNumber);
      form.set('nationality', identity.nationality);
      form.set('front', front, front.name || 'front');
      form.set('back', back, back.name || 'back');
      return { path: API.kyc, form };
    },
    (view) => {
      qc.setQueryData(kycKeys.status, view);
      void qc.invalidateQueries({ queryKey: accountKeys.me, exact: true });
    },
  );
}
