import { useMemo } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { API, type Watchlist } from '@candor/contracts';
import { api } from '../../lib/api';
import { marketKeys } from '../../lib/queryKeys';
import { useSession } from '../../lib/session';

function path(symbol: string): string {
  return `${API.watchlist}/${encodeURIComponent(symbol)}`;
}

/**
 * The signed-in user's favourites (GET /api/me/watchlist, kept on the server: the same on every device), and
 * the star's toggle (PUT / DELETE, both idempotent). The toggle shows at once and is undone if the server
 * refuses. Nothing for a visitor: favourites need an account.
 */
export function useWatchlist() {
  const { status } = useSession();
  const authed = status === 'authenticated';
  const qc = useQueryClient();
  const query = useQuery({
    queryKey: marketKeys.watchlist,
    queryFn: ({ signal }) => api.get<Watchlist>(API.watchlist, { signal }),
    enabled: authed,
    staleTime: 60_000,
  });
  const toggle = useMutation({
    mutationFn: ({ symbol, on }: { symbol: string; on: boolean }) => (on ? api.put<void>(path(symbol)) : api.del(path(symbol))),
    onMutate: async ({ symbol, on }) => {
      await qc.cancelQueries({ queryKey: marketKeys.watchlist });
      const before = qc.getQueryData<Watchlist>(marketKeys.watchlist);
      const rest = (before?.symbols ?? []).filter((s) => s !== symbol);
      qc.setQueryData<Watchlist>(marketKeys.watchlist, { symbols: on ? [...rest, symbol] : rest });
      return { before };
    },
    onError: (_e, _v, ctx) => {
      if (ctx?.before) qc.setQueryData(marketKeys.watchlist, ctx.before);
    },
    onSettled: () => void qc.invalidateQueries({ queryKey: marketKeys.watchlist }),
  });
  const symbols = useMemo(() => new Set(query.data?.symbols ?? []), [query.data]);
  return { authed, query, symbols, toggle };
}
