import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CreateDepositBody,
  Deposit,
  DepositMethod,
  Page,
  PutWithdrawalAccountBody,
  RequestWithdrawalBody,
  Withdrawal,
  WithdrawalAccount,
} from '@candor/contracts';
import { api, isApiError } from '../../lib/api';
import { moneyKeys, tradeKeys } from '../../lib/queryKeys';
import { useSession } from '../../lib/session';
import { useSocketEvent, useSocketReconnect } from '../../lib/socket';
import { useIdempotentMutation } from '../../lib/useIdempotentMutation';
import { API } from '../../lib/wire';

/** GET /api/withdrawal-account; `null` when none is bound yet (404 WITHDRAWAL_ACCOUNT_NOT_BOUND). */
export function useWithdrawalAccount() {
  const { status } = useSession();
  return useQuery({
    queryKey: moneyKeys.account,
    queryFn: async ({ signal }) => {
      try {
        return await api.get<WithdrawalAccount>(API.withdrawalAccount, { signal });
      } catch (e) {
        if (isApiError(e) && e.code === 'WITHDRAWAL_ACCOUNT_NOT_BOUND') return null;
        throw e;
      }
    },
    enabled: status === 'authenticated',
    staleTime: 10_000,
  });
}

export function useSaveWithdrawalAccount() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: PutWithdrawalAccountBody) => api.put<WithdrawalAccount>(API.withdrawalAccount, body),
    onSuccess: (account) => qc.setQueryData(moneyKeys.account, account),
  });
}

/** A POST that moves money: one `Idempotency-Key` per attempt, reused when the same attempt is retried. */
function useIdempotentPost<B, R>(path: string, invalidate: readonly (readonly string[])[]) {
  const qc = useQueryClient();
  return useIdempotentMutation({
    send: (body: B, idempotencyKey) => api.post<R>(path, body, { idempotencyKey }),
    onSuccess: () => {
      for (const queryKey of invalidate) void qc.invalidateQueries({ queryKey });
    },
  });
}

export function useRequestWithdrawal() {
  return useIdempotentPost<RequestWithdrawalBody, Withdrawal>(API.withdrawals, [moneyKeys.withdrawals, tradeKeys.wallet]);
}

export function useCreateDeposit() {
  return useIdempotentPost<CreateDepositBody, Deposit>(API.deposits, [moneyKeys.deposits]);
}

export function useDepositMethods() {
  return useQuery({
    queryKey: moneyKeys.methods,
    queryFn: ({ signal }) => api.get<DepositMethod[]>(API.depositMethods, { signal }),
    staleTime: 60_000,
  });
}

/** A newest-first list read page by page with its keyset cursor; asked again when the wallet changes (a decision moves money). */
function usePagedList<T>(path: string, queryKey: readonly string[]) {
  const { status } = useSession();
  const qc = useQueryClient();
  const refresh = () => void qc.invalidateQueries({ queryKey: [queryKey[0]] });
  useSocketEvent('wallet', refresh);
  useSocketReconnect(refresh);
  return useInfiniteQuery({
    queryKey,
    queryFn: ({ pageParam, signal }) => api.get<Page<T>>(path, { signal, query: { limit: 20, cursor: pageParam ?? undefined } }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor ?? null,
    enabled: status === 'authenticated',
    staleTime: 5_000,
  });
}

export const useWithdrawals = () => usePagedList<Withdrawal>(API.withdrawals, moneyKeys.withdrawals);
export const useDeposits = () => usePagedList<Deposit>(API.deposits, moneyKeys.deposits);

/** One request with its timeline, fetched when its row is opened. */
export function useMoneyRequest<T>(kind: 'deposits' | 'withdrawals', id: string | null) {
  return useQuery({
    queryKey: kind === 'deposits' ? moneyKeys.deposit(id ?? '') : moneyKeys.withdrawal(id ?? ''),
    queryFn: ({ signal }) => api.get<T>(`${API[kind]}/${encodeURIComponent(id ?? '')}`, { signal }),
    enabled: !!id,
  });
}

/** POST /api/withdrawals/:id/cancel; the list and the balance are asked again whatever the answer (a 409 means it changed). */
export function useCancelWithdrawal() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post<Withdrawal>(`${API.withdrawals}/${encodeURIComponent(id)}/cancel`),
    onSettled: () => {
      void qc.invalidateQueries({ queryKey: moneyKeys.withdrawals });
      void qc.invalidateQueries({ queryKey: tradeKeys.wallet });
    },
  });
}
