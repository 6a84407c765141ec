import { useQuery } from '@tanstack/react-query';
import { API, type OrderStatistics } from '@candor/contracts';
import { api } from '../../lib/api';
import { tradeKeys, type TradeAccount } from '../../lib/queryKeys';
import { useSession } from '../../lib/session';
import type { StatisticsDays } from './format';

/** The device's time zone: the statistics cut days where the reader's clock does (the server's default otherwise). */
export function deviceTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
}

/** GET /api/orders/statistics for one account and period, in the device's time zone. */
export function useOrderStatistics(account: TradeAccount, days: StatisticsDays) {
  const { status } = useSession();
  const tz = deviceTimeZone();
  return useQuery({
    queryKey: tradeKeys.statistics(account, days, tz ?? ''),
    queryFn: ({ signal }) => api.get<OrderStatistics>(API.orderStatistics, { signal, query: { account, days, tz } }),
    enabled: status === 'authenticated',
    staleTime: 30_000,
  });
}
