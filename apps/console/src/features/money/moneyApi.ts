import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AdminBroadcast,
  AdminDeposit,
  AdminDepositMethod,
  AdminUserMoney,
  AdminWithdrawal,
  DepositMethodBody,
  Page,
  PatchDepositMethodBody,
  SendMessageBody,
  SystemMessage,
} from '@candor/contracts';
import { request } from '../../lib/api/client';

export type ReviewKind = 'withdrawals' | 'deposits';
export type ReviewItem = AdminWithdrawal | AdminDeposit;
export const REVIEW_STATUSES: Record<ReviewKind, readonly string[]> = {
  withdrawals: ['in_review', 'successful', 'failed', 'cancelled'],
  deposits: ['in_review', 'successful', 'failed'],
};

const PATHS = {
  review: (kind: ReviewKind) => `/admin/${kind}`,
  userMoney: (id: string) => `/admin/users/${encodeURIComponent(id)}/money`,
  methods: '/admin/deposit-methods',
  messages: '/admin/messages',
};

export const moneyKeys = {
  review: (kind: ReviewKind, status: string) => ['admin-review', kind, status] as const,
  userMoney: (id: string) => ['admin-user-money', id] as const,
  methods: ['admin-deposit-methods'] as const,
  broadcasts: ['admin-broadcasts'] as const,
};

export const REVIEW_PAGE_SIZE = 50;

/** The queue (or history) of one kind of request, a page at a time; the server lists them oldest first. */
export function useReviewList(kind: ReviewKind, status: string) {
  return useInfiniteQuery({
    queryKey: moneyKeys.review(kind, status),
    initialPageParam: '',
    queryFn: ({ pageParam, signal }) =>
      request<Page<ReviewItem>>(PATHS.review(kind), { signal, query: { status, limit: REVIEW_PAGE_SIZE, cursor: pageParam } }),
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    // Users keep sending requests: read the queue on every visit and filter change, and every half minute.
    staleTime: 0,
    refetchInterval: 30_000,
  });
}

/** Read afresh whenever a request is shown: money moves between visits, and a reviewer decides on what is current. */
export function useUserMoney(userId: string, enabled = true) {
  return useQuery({
    enabled,
    queryKey: moneyKeys.userMoney(userId),
    queryFn: ({ signal }) => request<AdminUserMoney>(PATHS.userMoney(userId), { signal }),
    refetchOnMount: 'always',
  });
}

export type Decision = { action: 'approve' } | { action: 'reject'; reason: string };

/** Approve or reject; afterwards (also after a refusal such as ALREADY_DECIDED) the queues and the user's money are read again. */
export function useDecide(kind: ReviewKind) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision }: { id: string; userId: string; decision: Decision }) =>
      request<unknown>(`${PATHS.review(kind)}/${encodeURIComponent(id)}/${decision.action}`, {
        method: 'POST',
        body: decision.action === 'reject' ? { reason: decision.reason } : undefined,
      }),
    onSettled: (_data, _error, { userId }) => {
      void qc.invalidateQueries({ queryKey: ['admin-review', kind] });
      void qc.invalidateQueries({ queryKey: moneyKeys.userMoney(userId) });
      void qc.invalidateQueries({ queryKey: ['audit'] });
    },
  });
}

export function useDepositMethods() {
  return useQuery({ queryKey: moneyKeys.methods, queryFn: ({ signal }) => request<AdminDepositMethod[]>(PATHS.methods, { signal }) });
}

export function useSaveDepositMethod() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: DepositMethodBody | PatchDepositMethodBody }) =>
      id
        ? request<AdminDepositMethod>(`${PATHS.methods}/${encodeURIComponent(id)}`, { method: 'PATCH', body })
        : request<AdminDepositMethod>(PATHS.methods, { method: 'POST', body }),
    onSettled: () => {
      void qc.invalidateQueries({ queryKey: moneyKeys.methods });
      void qc.invalidateQueries({ queryKey: ['audit'] });
    },
  });
}

/** Deletes a method never used; the api refuses a used one with `409 DEPOSIT_METHOD_IN_USE` (disable it instead). */
export function useDeleteDepositMethod() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => request<void>(`${PATHS.methods}/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSettled: () => {
      void qc.invalidateQueries({ queryKey: moneyKeys.methods });
      void qc.invalidateQueries({ queryKey: ['audit'] });
    },
  });
}

/** The newest broadcasts, withdrawn ones included. */
export function useBroadcasts() {
  return useQuery({ queryKey: moneyKeys.broadcasts, queryFn: ({ signal }) => request<AdminBroadcast[]>(`${PATHS.messages}/broadcasts`, { signal }) });
}

/** Withdraws a broadcast: it leaves every user's inbox. */
export function useWithdrawBroadcast() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => request<void>(`${PATHS.messages}/${encodeURIComponent(id)}/withdraw`, { method: 'POST' }),
    onSettled: () => {
      void qc.invalidateQueries({ queryKey: moneyKeys.broadcasts });
      void qc.invalidateQueries({ queryKey: ['audit'] });
    },
  });
}

export function useSendMessage() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: SendMessageBody) => request<SystemMessage>(PATHS.messages, { method: 'POST', body }),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: ['audit'] });
      void qc.invalidateQueries({ queryKey: moneyKeys.broadcasts });
    },
  });
}
