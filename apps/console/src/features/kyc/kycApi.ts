import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { API, type AdminKycDetail, type AdminKycSubmission, type KycRejectBody } from '@candor/contracts';
import { request } from '../../lib/api/client';

/** The queue's tabs: waiting for a decision (oldest first), and the two outcomes. */
export const KYC_QUEUE_STATUSES = ['pending', 'verified', 'rejected'] as const;
export type KycQueueStatus = (typeof KYC_QUEUE_STATUSES)[number];
export const KYC_PAGE_SIZE = 20;

export const kycKeys = {
  all: ['admin-kyc'] as const,
  queue: (status: KycQueueStatus) => ['admin-kyc', 'queue', status] as const,
  detail: (id: string) => ['admin-kyc', 'detail', id] as const,
};

const detailPath = (id: string) => `${API.adminKyc}/${encodeURIComponent(id)}`;

/** One tab of the queue, a page at a time; read afresh on every visit, since users keep submitting. */
export function useKycQueue(status: KycQueueStatus) {
  return useInfiniteQuery({
    queryKey: kycKeys.queue(status),
    initialPageParam: '',
    queryFn: ({ pageParam, signal }) =>
      request<{ items: AdminKycSubmission[]; nextCursor: string | null }>(API.adminKyc, { signal, query: { status, limit: KYC_PAGE_SIZE, cursor: pageParam } }),
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    staleTime: 0,
    refetchInterval: 60_000,
  });
}

/** One submission with the user's earlier ones. The images are fetched by the viewer, not here. */
export function useKycDetail(id: string) {
  return useQuery({
    queryKey: kycKeys.detail(id),
    queryFn: ({ signal }) => request<AdminKycDetail>(detailPath(id), { signal }),
    staleTime: 0,
  });
}

export type KycDecision = { action: 'approve' } | ({ action: 'reject' } & KycRejectBody);

/** Approve or reject; afterwards (also after ALREADY_DECIDED) the submission and the queues are read again. */
export function useDecideKyc(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (decision: KycDecision) => {
      if (decision.action === 'approve') return request<AdminKycSubmission>(`${detailPath(id)}/approve`, { method: 'POST' });
      const { action: _action, ...body } = decision;
      return request<AdminKycSubmission>(`${detailPath(id)}/reject`, { method: 'POST', body });
    },
    onSettled: () => {
      void qc.invalidateQueries({ queryKey: kycKeys.all });
      void qc.invalidateQueries({ queryKey: ['audit'] });
    },
  });
}
