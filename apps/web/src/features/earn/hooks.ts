import { useRef } from 'react';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { EarnIncomeDay, EarnRecord, EarnRecordType, EarnSummary, EarnTransfer, Page } from '@candor/contracts';
import { api, isApiError } from '../../lib/api';
import { API } from '../../lib/wire';
import { useSession } from '../session/session';
import { useSocketEvent, useSocketReconnect } from '../../lib/socket';
import { IdempotentAttempts } from '../trading/idempotency';
import { tradeKeys } from '../trading/hooks';
import { accountKeys } from '../account/hooks';

export const earnKeys = {
  all: ['earn'] as const,
  summary: ['earn', 'summary'] as const,
  income: (days: number) => ['earn', 'income', days] as const,
  records: (type: EarnRecordType | '') => ['earn', 'records', type] as const,
};

/** Asks the Yu'e Bao figures again when money moves (a transfer, the cut-off posting reaches the wallet). */
function useEarnRefresh(): void {
  const qc = useQueryClient();
  const refresh = () => void qc.invalidateQueries({ queryKey: earnKeys.all });
  useSocketEvent('wallet', refresh);
  useSocketReconnect(refresh);
}

/** GET /api/earn. */
export function useEarnSummary() {
  const { status } = useSession();
  useEarnRefresh();
  return useQuery({
    queryKey: earnKeys.summary,
    queryFn: ({ signal }) => api.get<EarnSummary>(API.earn, { signal }),
    enabled: status === 'authenticated',
    staleTime: 5_000,
  });
}

/** GET /api/earn/income?days=N: one item per day, oldest first. */
export function useEarnIncome(days = 30) {
  const { status } = useSession();
  return useQuery({
    queryKey: earnKeys.income(days),
    queryFn: ({ signal }) => api.get<EarnIncomeDay[]>(API.earnIncome, { signal, query: { days } }),
    enabled: status === 'authenticated',
    staleTime: 30_000,
  });
}

/** GET /api/earn/records, page by page (keyset cursor). */
export function useEarnRecords(type: EarnRecordType | '') {
  const { status } = useSession();
  return useInfiniteQuery({
    queryKey: earnKeys.records(type),
    queryFn: ({ pageParam, signal }) =>
      api.get<Page<EarnRecord>>(API.earnRecords, { signal, query: { limit: 20, cursor: pageParam ?? undefined, type: type || undefined } }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor ?? null,
    enabled: status === 'authenticated',
    staleTime: 5_000,
  });
}

export type EarnDirection = 'in' | 'out';

/** Whether a failure leaves the outcome unknown (the transfer may have been applied): retry with the same key. */
function outcomeUnknown(e: unknown): boolean {
  return !isApiError(e) || e.status === 0 || e.status >= 500;
}

/** POST /api/earn/transfer-in or transfer-out with one `Idempotency-Key` per attempt (reused on a retry of an unknown outcome). */
export function useEarnTransfer(direction: EarnDirection) {
  const qc = useQueryClient();
  const attempts = useRef(new IdempotentAttempts());
  const path = direction === 'in' ? API.earnTransferIn : API.earnTransferOut;
  return useMutation({
    mutationFn: (amount: string) => api.post<EarnTransfer>(path, { amount }, { idempotencyKey: attempts.current.keyFor({ direction, amount }) }),
    onSuccess: () => attempts.current.settle('definite'),
    onError: (e) => attempts.current.settle(outcomeUnknown(e) ? 'unknown' : 'definite'),
    onSettled: () => {
      for (const queryKey of [earnKeys.all, tradeKeys.wallet, accountKeys.summary]) void qc.invalidateQueries({ queryKey });
    },
  });
}
