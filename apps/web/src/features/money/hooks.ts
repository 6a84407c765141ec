import { useRef } from 'react';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query';
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
import { useSession } from '../session/session';
import { useSocketEvent, useSocketReconnect } from '../../lib/socket';
import { IdempotentAttempts } from '../trading/idempotency';
import { tradeKeys } from '../trading/hooks';

/** The money endpoints (not in the shared API map: only this feature calls them). */
export const MONEY_API = {
  account: '/withdrawal-account',
  withdrawals: '/withdrawals',
  deposits: '/deposits',
  depositMethods: '/deposit-methods',
} as const;

export const moneyKeys = {
  account: ['withdrawal-account'] as const,
  withdrawals: ['withdrawals'] as const,
  withdrawal: (id: string) => ['withdrawals', 'one', id] as const,
  deposits: ['deposits'] as const,
  deposit: (id: string) => ['deposits', 'one', id] as const,
  methods: ['deposit-methods'] as const,
};

/** GET /api/withdrawal-account; `null` when none is bound yet (404 WITHDRAWAL_ACCOUNT_NOT_BOUND). */
export function useWithdrawalAccount() {
  const { status } = useSession();
  return useQuery({
    queryKey: moneyKeys.account,
    queryFn: async ({ signal }) => {
      try {
        return await api.get<WithdrawalAccount>(MONEY_API.account, { signal });
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
    mutationFn: (body: PutWithdrawalAccountBody) => api.put<WithdrawalAccount>(MONEY_API.account, body),
    onSuccess: (account) => qc.setQueryData(moneyKeys.account, account),
  });
}

/** Whether a failure leaves the outcome unknown (the request may have been applied): retry with the same key. */
function outcomeUnknown(e: unknown): boolean {
  return !isApiError(e) || e.status === 0 || e.status >= 500;
}

/** A POST that moves money: one `Idempotency-Key` per attempt, reused when the same attempt is retried. */
function useIdempotentPost<B, R>(path: string, invalidate: readonly (readonly string[])[]) {
  const qc = useQueryClient();
  const attempts = useRef(new IdempotentAttempts());
  return useMutation({
    mutationFn: (body: B) => api.post<R>(path, body, { idempotencyKey: attempts.current.keyFor(body) }),
    onSuccess: () => {
      attempts.current.settle('definite');
      for (const queryKey of invalidate) void qc.invalidateQueries({ queryKey });
    },
    onError: (e) => attempts.current.settle(outcomeUnknown(e) ? 'unknown' : 'definite'),
  });
}

export function useRequestWithdrawal() {
  return useIdempotentPost<RequestWithdrawalBody, Withdrawal>(MONEY_API.withdrawals, [moneyKeys.withdrawals, tradeKeys.wallet]);
}

export function useCreateDeposit() {
  return useIdempotentPost<CreateDepositBody, Deposit>(MONEY_API.deposits, [moneyKeys.deposits]);
}

export function useDepositMethods() {
  return useQuery({
    queryKey: moneyKeys.methods,
    queryFn: ({ signal }) => api.get<DepositMethod[]>(MONEY_API.depositMethods, { signal }),
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

export const useWithdrawals = () => usePagedList<Withdrawal>(MONEY_API.withdrawals, moneyKeys.withdrawals);
export const useDeposits = () => usePagedList<Deposit>(MONEY_API.deposits, moneyKeys.deposits);

/** The items of every page, each id once. */
export function flatten<T extends { id: string }>(data: InfiniteData<Page<T>> | undefined): T[] {
  const seen = new Set<string>();
  const out: T[] = [];
  for (const page of data?.pages ?? [])
    for (const item of page.items)
      if (!seen.has(item.id)) {
        seen.add(item.id);
        out.push(item);
      }
  return out;
}

/** One request with its timeline, fetched when its row is opened. */
export function useMoneyRequest<T>(kind: 'deposits' | 'withdrawals', id: string | null) {
  return useQuery({
    queryKey: kind === 'deposits' ? moneyKeys.deposit(id ?? '') : moneyKeys.withdrawal(id ?? ''),
    queryFn: ({ signal }) => api.get<T>(`${MONEY_API[kind]}/${encodeURIComponent(id ?? '')}`, { signal }),
    enabled: !!id,
  });
}

/** POST /api/withdrawals/:id/cancel; the list and the balance are asked again whatever the answer (a 409 means it changed). */
export function useCancelWithdrawal() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post<Withdrawal>(`${MONEY_API.withdrawals}/${encodeURIComponent(id)}/cancel`),
    onSettled: () => {
      void qc.invalidateQueries({ queryKey: moneyKeys.withdrawals });
      void qc.invalidateQueries({ queryKey: tradeKeys.wallet });
    },
  });
}
