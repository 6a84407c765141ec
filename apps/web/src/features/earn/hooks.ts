import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import type { EarnIncomeDay, EarnRecord, EarnRecordType, EarnSummary, EarnTransfer, Page } from '@candor/contracts';
import { api } from '../../lib/api';
import { API } from '../../lib/wire';
import { accountKeys, earnKeys, tradeKeys } from '../../lib/queryKeys';
import { useSession } from '../../lib/session';
import { useSocketEvent, useSocketReconnect } from '../../lib/socket';
import { useIdempotentMutation } from '../../lib/useIdempotentMutation';

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

/** POST /api/earn/transfer-in or transfer-out with one `Idempotency-Key` per attempt (reused on a retry of an unknown outcome). */
export function useEarnTransfer(direction: EarnDirection) {
  const qc = useQueryClient();
  const path = direction === 'in' ? API.earnTransferIn : API.earnTransferOut;
  return useIdempotentMutation({
    send: (amount: string, idempotencyKey) => api.post<EarnTransfer>(path, { amount }, { idempotencyKey }),
    attempt: (amount) => ({ direction, amount }),
    onSettled: () => {
      for (const queryKey of [earnKeys.all, tradeKeys.wallet, accountKeys.summary]) void qc.invalidateQueries({ queryKey });
    },
  });
}
